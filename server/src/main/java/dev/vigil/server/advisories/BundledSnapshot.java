package dev.vigil.server.advisories;

import dev.vigil.server.scan.sca.Advisory;
import dev.vigil.server.store.Database;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The advisory snapshot shipped inside the product ({@code advisories/} on the class path, listed by
 * {@code advisories/snapshot.txt}), imported when a database has no advisories so that a fresh install
 * matches offline.
 */
public final class BundledSnapshot {

    public static final String SOURCE = "bundled snapshot";
    /** Set to {@code false} to start without importing the snapshot (tests that start many servers). */
    public static final String ENABLED_PROPERTY = "vigil.advisories.bundled";

    private static final Logger LOG = LoggerFactory.getLogger(BundledSnapshot.class);
    private static final String INDEX = "advisories/snapshot.txt";

    private BundledSnapshot() {
    }

    /** Every advisory of the snapshot, read from the class path. */
    public static List<Advisory> read() {
        ClassLoader loader = BundledSnapshot.class.getClassLoader();
        List<Advisory> advisories = new ArrayList<>();
        OsvReader reader = new OsvReader(advisories::add);
        for (String file : index(loader)) {
            try (InputStream in = loader.getResourceAsStream("advisories/" + file)) {
                if (in == null) {
                    LOG.warn("bundled advisory file {} is missing from this build", file);
                    continue;
                }
                reader.read(in, file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return advisories;
    }

    /** Imports the snapshot when the advisory tables are empty (and the property allows it). */
    public static Optional<AdvisoryImporter.ImportResult> importIfEmpty(Database database, AdvisoryImporter importer,
                                                                      AdvisoryRepository repository) {
        if ("false".equals(System.getProperty(ENABLED_PROPERTY))
                || !database.inTransaction(repository::isEmpty)) {
            return Optional.empty();
        }
        long start = System.nanoTime();
        var result = importer.importAdvisories(read(), SOURCE);
        LOG.info("imported the bundled advisory snapshot: {} advisories in {} ms", result.inserted(),
                (System.nanoTime() - start) / 1_000_000);
        return Optional.of(result);
    }

    private static List<String> index(ClassLoader loader) {
        try (InputStream in = loader.getResourceAsStream(INDEX)) {
            if (in == null) {
                return List.of();
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
