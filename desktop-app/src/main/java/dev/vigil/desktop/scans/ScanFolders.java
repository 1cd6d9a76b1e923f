package dev.vigil.desktop.scans;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.vigil.model.Json;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The folder each project was last scanned from by this dashboard, kept in a small JSON file beside its
 * settings: a folder is a fact of this machine, not of the project, so the server does not hold it
 * ({@code docs/adr/0061-dashboard-guards-against-lost-work.md}). A file that cannot be read is treated as
 * empty: the guard then says nothing, and the scan is not stopped by it.
 */
final class ScanFolders {

    private static final TypeReference<Map<UUID, String>> TYPE = new TypeReference<>() {
    };

    private final Path file;

    ScanFolders(Path file) {
        this.file = file;
    }

    /** The folder {@code projectId} was last scanned from here; empty when it never was. */
    Optional<Path> lastFolder(UUID projectId) {
        return Optional.ofNullable(read().get(projectId)).map(Path::of);
    }

    void remember(UUID projectId, Path folder) {
        Map<UUID, String> folders = read();
        folders.put(projectId, folder.toAbsolutePath().normalize().toString());
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path temporary = Files.createTempFile(file.toAbsolutePath().getParent(), ".scan-folders", ".json");
            Json.mapper().writeValue(temporary.toFile(), folders);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            LoggerFactory.getLogger(ScanFolders.class).warn("cannot keep the scanned folder in {}", file, e);
        }
    }

    /** True when {@code folder} is another folder than {@code previous}, compared as absolute paths. */
    static boolean differ(Path previous, Path folder) {
        return !previous.toAbsolutePath().normalize().equals(folder.toAbsolutePath().normalize());
    }

    private Map<UUID, String> read() {
        if (!Files.exists(file)) {
            return new LinkedHashMap<>();
        }
        try {
            return new LinkedHashMap<>(Json.mapper().readValue(file.toFile(), TYPE));
        } catch (IOException e) {
            LoggerFactory.getLogger(ScanFolders.class).warn("cannot read the scanned folders in {}", file, e);
            return new LinkedHashMap<>();
        }
    }
}
