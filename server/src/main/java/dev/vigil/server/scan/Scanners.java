package dev.vigil.server.scan;

import dev.vigil.model.ScanKind;
import dev.vigil.server.scan.secrets.SecretsScanner;

import java.util.EnumMap;
import java.util.Map;

/** The engines of this build, by the kind of analysis they run. */
public final class Scanners {

    private Scanners() {
    }

    public static Map<ScanKind, Scanner> available() {
        Map<ScanKind, Scanner> scanners = new EnumMap<>(ScanKind.class);
        scanners.put(ScanKind.SECRETS, new SecretsScanner());
        scanners.put(ScanKind.IAC, new dev.vigil.server.scan.iac.IacScanner());
        return scanners;
    }
}
