package dev.vigil.desktop.connection;

import dev.vigil.model.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;

/** Reads and writes {@link DesktopSettings} as JSON, readable and writable by the user alone. */
public final class SettingsStore {

    private final Path file;

    public SettingsStore(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    public DesktopSettings load() {
        if (!Files.exists(file)) {
            return DesktopSettings.initial();
        }
        try {
            return Json.mapper().readValue(file.toFile(), DesktopSettings.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the dashboard settings " + file, e);
        }
    }

    /** Replaces the file atomically; the new file is created owner-only before a byte is written. */
    public void save(DesktopSettings settings) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path temporary = Files.createTempFile(file.toAbsolutePath().getParent(), ".desktop", ".json",
                    ownerOnly());
            Json.mapper().writeValue(temporary.toFile(), settings);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the dashboard settings " + file, e);
        }
    }

    private static FileAttribute<?>[] ownerOnly() {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return new FileAttribute<?>[0];  // Windows: the user's profile directory is already private
        }
        return new FileAttribute<?>[]{PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))};
    }
}
