package dev.vigil.server.scan;

import dev.vigil.model.ScanKind;
import dev.vigil.server.scan.iac.IacScanner;
import dev.vigil.server.scan.sca.ScaScanner;
import dev.vigil.server.scan.secrets.SecretsScanner;
import dev.vigil.server.store.Database;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/** The engines of this build, by the kind of analysis they run. */
public final class Scanners {

    private Scanners() {
    }

    /**
     * Every engine; the dependency engine reads its advisories from {@code database}. The engines load their
     * rules on background threads from this moment, so that a node (and the desktop app) answers before
     * some 470 rules are compiled; the first scan that needs an engine waits for it.
     */
    public static Map<ScanKind, Scanner> available(Database database) {
        Map<ScanKind, Scanner> scanners = new EnumMap<>(ScanKind.class);
        scanners.put(ScanKind.SECRETS, Loading.start(ScanKind.SECRETS, SecretsScanner::new));
        scanners.put(ScanKind.IAC, Loading.start(ScanKind.IAC, IacScanner::new));
        scanners.put(ScanKind.SCA, Loading.start(ScanKind.SCA, () -> ScaScanner.using(database)));
        return scanners;
    }

    /** An engine being built on its own thread. */
    private record Loading(ScanKind kind, CompletableFuture<Scanner> engine) implements Scanner {

        static Loading start(ScanKind kind, Supplier<Scanner> build) {
            return new Loading(kind, CompletableFuture.supplyAsync(build,
                    task -> Thread.ofPlatform().name("vigil-load-" + kind.wire()).daemon().start(task)));
        }

        @Override
        public Session start(Warnings warnings) {
            try {
                return engine.join().start(warnings);
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException cause ? cause : e;
            }
        }
    }
}
