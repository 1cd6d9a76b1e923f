package dev.vigil.server.advisories;

import dev.vigil.server.store.Database;
import dev.vigil.server.testing.TestData;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

/** Databases and advisory records for the advisory and matching tests. */
public final class AdvisoryFixtures {

    private AdvisoryFixtures() {
    }

    public static Database memoryDatabase() {
        return Database.open("jdbc:hsqldb:mem:adv-" + UUID.randomUUID() + ";hsqldb.tx=mvcc", Optional.empty(), "", 4);
    }

    /** The bundled snapshot's files: every *.jsonl.gz and ghsa/*.json. */
    public static List<Path> snapshotFiles() {
        Path dir = TestData.advisory("");
        try (Stream<Path> jsonl = Files.list(dir); Stream<Path> ghsa = Files.list(dir.resolve("ghsa"))) {
            List<Path> files = new ArrayList<>(jsonl.filter(p -> p.toString().endsWith(".jsonl.gz")).sorted().toList());
            files.addAll(ghsa.filter(p -> p.toString().endsWith(".json")).sorted().toList());
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A small OSV record of one npm package with a SEMVER range. */
    public static String npmRecord(String id, String modified, String name, String introduced, String fixed,
                                   String... aliases) {
        String aliasJson = String.join(",", Stream.of(aliases).map(a -> "\"" + a + "\"").toList());
        return """
                {"id":"%s","modified":"%s","aliases":[%s],"summary":"%s in %s",
                 "affected":[{"package":{"ecosystem":"npm","name":"%s"},
                   "ranges":[{"type":"SEMVER","events":[{"introduced":"%s"},{"fixed":"%s"}]}]}]}
                """.formatted(id, modified, aliasJson, id, name, name, introduced, fixed).replace("\n", "");
    }
}
