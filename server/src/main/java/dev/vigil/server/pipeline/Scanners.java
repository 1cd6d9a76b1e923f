package dev.vigil.server.pipeline;

import dev.vigil.model.ScanKind;
import dev.vigil.server.advisories.StoredAdvisories;
import dev.vigil.server.scan.ScanDeadline;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SecretDigest;
import dev.vigil.server.scan.SecretMasking;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.iac.IacScanner;
import dev.vigil.server.scan.sca.AdvisoryMatcher;
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
     * Every engine; the secrets engine hashes secrets under {@code secrets}, the dependency engine reads its
     * advisories from {@code database} once {@code prepareAdvisories} has run (the first start's import of the
     * bundled snapshot). The engines load on a background thread from this moment, so that a node (and the
     * desktop app) answers before some 470 rules are compiled and 11,000 advisories stored; the first scan that
     * needs an engine waits for it. One thread builds them in turn: on a two-core machine, the desktop app's
     * first page keeps a core meanwhile.
     */
    public static Map<ScanKind, Scanner> available(Database database, SecretDigest secrets,
                                                   Runnable prepareAdvisories) {
        Map<ScanKind, Supplier<Scanner>> builders = new EnumMap<>(ScanKind.class);
        builders.put(ScanKind.SECRETS, () -> new SecretsScanner(secrets));
        builders.put(ScanKind.IAC, IacScanner::new);
        builders.put(ScanKind.SCA, () -> {
            prepareAdvisories.run();
            return new ScaScanner(new AdvisoryMatcher(new StoredAdvisories(database)));
        });
        Map<ScanKind, Loading> loading = new EnumMap<>(ScanKind.class);
        builders.keySet().forEach(kind -> loading.put(kind, new Loading(kind, new CompletableFuture<>())));
        Thread.ofPlatform().name("vigil-load-engines").daemon().start(() -> builders.forEach((kind, build) -> {
            CompletableFuture<Scanner> engine = loading.get(kind).engine();
            try {
                engine.complete(build.get());
            } catch (RuntimeException | Error e) {
                engine.completeExceptionally(e);
            }
        }));
        return new EnumMap<>(loading);
    }

    /** An engine being built on the loading thread; the secrets engine also masks the code kept around findings. */
    private record Loading(ScanKind kind, CompletableFuture<Scanner> engine) implements Scanner, SecretMasking {

        @Override
        public String masked(SourceFile file) {
            if (engine.join() instanceof SecretMasking masking) {
                return masking.masked(file);
            }
            throw new IllegalStateException("the " + kind.wire() + " engine does not mask secrets");
        }

        @Override
        public Session start(Warnings warnings) {
            return start(warnings, ScanDeadline.none());
        }

        @Override
        public Session start(Warnings warnings, ScanDeadline deadline) {
            try {
                return engine.join().start(warnings, deadline);
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException cause ? cause : e;
            }
        }
    }
}
