package dev.vigil.server.scan.sca;

import java.nio.file.Files;
import java.nio.file.Path;

/** The shared test data folder: {@code -Dvigil.shared.data} (set by surefire), else {@code ../../shared/data}. */
public final class SharedData {

    private SharedData() {
    }

    public static Path root() {
        String configured = System.getProperty("vigil.shared.data");
        if (configured != null && Files.isDirectory(Path.of(configured))) {
            return Path.of(configured);
        }
        Path fallback = Path.of("../../shared/data");
        return Files.isDirectory(fallback) ? fallback : Path.of("../shared/data");
    }

    public static Path resolve(String relative) {
        return root().resolve(relative);
    }
}
