package dev.vigil.server.ops;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The operators' token of the system API: configured, or created in the data directory on first start
 * (owner-only, written whole before it gets its name). A token that is empty or shorter than
 * {@value #MIN_LENGTH} characters stops the server: the system API never runs on a guessable secret.
 */
public final class SystemToken {

    public static final String FILE = "system-token";
    public static final int MIN_LENGTH = 32;

    private SystemToken() {
    }

    /** The configured token, checked; the start fails with the reason when it is too short. */
    public static String configured(String token) {
        return checked(token.strip(), "VIGIL_SYSTEM_TOKEN");
    }

    /** The token stored in {@code dataDir}, created there if absent; the start fails when it is unusable. */
    public static String loadOrCreate(Path dataDir) {
        Path file = dataDir.resolve(FILE);
        try {
            Files.createDirectories(dataDir);
            if (!Files.exists(file)) {
                create(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the system token in " + dataDir, e);
        }
        return read(dataDir);
    }

    /** The token stored in {@code dataDir}, for the server and for clients such as {@code vigil admin}. */
    public static String read(Path dataDir) {
        Path file = dataDir.resolve(FILE);
        try {
            return checked(Files.readString(file, StandardCharsets.UTF_8).strip(), file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("no system token in " + dataDir + " (has a server started there?)", e);
        }
    }

    private static String checked(String token, String source) {
        if (token.length() < MIN_LENGTH) {
            throw new IllegalStateException("the system token in " + source + " is "
                    + (token.isEmpty() ? "empty" : "shorter than " + MIN_LENGTH + " characters")
                    + ": set one of " + MIN_LENGTH + " characters or more, or delete the file " + FILE
                    + " of the data directory to have a new one created");
        }
        return token;
    }

    /** Written to a temporary file beside it, then moved into place: a crash never leaves a partial token. */
    private static void create(Path file) throws IOException {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        Path temporary = Files.createTempFile(file.getParent(), FILE, ".tmp", ownerOnly(file));
        try {
            Files.writeString(temporary, "vgl_sys_" + HexFormat.of().formatHex(random) + "\n", StandardCharsets.UTF_8);
            try {
                Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, file);
            }
        } catch (FileAlreadyExistsException e) {
            // another process created it first: its token is the one
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    private static FileAttribute<?>[] ownerOnly(Path file) {
        if (!file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return new FileAttribute<?>[0];
        }
        return new FileAttribute<?>[]{PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))};
    }
}
