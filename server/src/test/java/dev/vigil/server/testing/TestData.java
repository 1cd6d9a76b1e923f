package dev.vigil.server.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * The repository's own test data: {@code testdata/} (sources and licences in its README) and the bundled
 * advisory snapshot under {@code server/src/main/resources/advisories}. Surefire names both
 * ({@code -Dvigil.testdata}, {@code -Dvigil.advisories.snapshot}); a run from an IDE or a bench finds them
 * from the working directory. Nothing outside the repository is read.
 */
public final class TestData {

    private TestData() {
    }

    /** A file or folder under {@code testdata/}, for example {@code secrets/cases.jsonl}. */
    public static Path file(String relative) {
        return root("vigil.testdata", "testdata").resolve(relative);
    }

    /** A file or folder of the bundled advisory snapshot, for example {@code ghsa} or {@code pypi-pypa.jsonl.gz}. */
    public static Path advisory(String relative) {
        return root("vigil.advisories.snapshot", "server/src/main/resources/advisories").resolve(relative);
    }

    /** The lines of a text file, gunzipped when its name ends in {@code .gz}. */
    public static List<String> lines(Path file) {
        try {
            if (!file.toString().endsWith(".gz")) {
                return Files.readAllLines(file);
            }
            try (var reader = new BufferedReader(new InputStreamReader(
                    new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.UTF_8))) {
                return reader.lines().toList();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path root(String property, String fromRepositoryRoot) {
        String configured = System.getProperty(property);
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("testdata")) && Files.isRegularFile(dir.resolve("mvnw"))) {
                return dir.resolve(fromRepositoryRoot);
            }
        }
        throw new IllegalStateException("no repository root above " + Path.of("").toAbsolutePath()
                + " (set -D" + property + ")");
    }
}
