package dev.vigil.server.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A generated secret kept in a file of the data directory (the system token, the secret key): written whole
 * to an owner-only temporary file beside it, then moved into place, so that no crash or concurrent reader
 * ever sees it empty or partial.
 */
public final class SecretFile {

    private SecretFile() {
    }

    /** Creates {@code file} with {@code content} unless it exists (then the existing one is kept). */
    public static void createIfAbsent(Path file, String content) throws IOException {
        Path target = file.toAbsolutePath();
        Files.createDirectories(target.getParent());
        if (Files.exists(target)) {
            return;
        }
        Path temporary = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp",
                ownerOnly(target));
        try {
            Files.writeString(temporary, content, StandardCharsets.UTF_8);
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, target);
            }
        } catch (FileAlreadyExistsException e) {
            // another process created it first: its secret is the one
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    private static FileAttribute<?>[] ownerOnly(Path file) {
        if (!file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return new FileAttribute<?>[0];
        }
        return new FileAttribute<?>[]{
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))};
    }
}
