package dev.vigil.server.ops;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;

/** The operators' token of the system API: created in the data directory on first start, mode 0600. */
public final class SystemToken {

    public static final String FILE = "system-token";

    private SystemToken() {
    }

    /** The token stored in {@code dataDir}, created there if absent. */
    public static String loadOrCreate(Path dataDir) {
        Path file = dataDir.resolve(FILE);
        try {
            Files.createDirectories(dataDir);
            if (!Files.exists(file)) {
                create(file);
            }
            return Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the system token in " + dataDir, e);
        }
    }

    /** The token stored in {@code dataDir}, for clients such as {@code vigil admin}. */
    public static String read(Path dataDir) {
        try {
            return Files.readString(dataDir.resolve(FILE), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException("no system token in " + dataDir + " (has a server started there?)", e);
        }
    }

    private static void create(Path file) throws IOException {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (FileAlreadyExistsException e) {
            return;
        } catch (UnsupportedOperationException e) {
            Files.createFile(file);
        }
        Files.writeString(file, "vgl_sys_" + HexFormat.of().formatHex(random) + "\n", StandardCharsets.UTF_8);
    }
}
