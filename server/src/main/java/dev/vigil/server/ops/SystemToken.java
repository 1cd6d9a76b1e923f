package dev.vigil.server.ops;

import dev.vigil.server.store.SecretFile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        try {
            SecretFile.createIfAbsent(dataDir.resolve(FILE), "vgl_sys_" + HexFormat.of().formatHex(random) + "\n");
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
}
