package dev.vigil.server.scan;

import dev.vigil.model.ScanKind;
import dev.vigil.server.scan.iac.IacScanner;
import dev.vigil.server.scan.sca.ScaScanner;
import dev.vigil.server.scan.secrets.SecretsScanner;
import dev.vigil.server.store.Database;

import java.util.EnumMap;
import java.util.Map;

/** The engines of this build, by the kind of analysis they run. */
public final class Scanners {

    private Scanners() {
    }

    /** Every engine; the dependency engine reads its advisories from {@code database}. */
    public static Map<ScanKind, Scanner> available(Database database) {
        Map<ScanKind, Scanner> scanners = new EnumMap<>(ScanKind.class);
        scanners.put(ScanKind.SECRETS, new SecretsScanner());
        scanners.put(ScanKind.IAC, new IacScanner());
        scanners.put(ScanKind.SCA, ScaScanner.using(database));
        return scanners;
    }
}
