package dev.vigil.server.access;

import dev.vigil.server.scan.Fingerprints;

import java.security.SecureRandom;

/** API key values: {@code vgl_live_} and 40 random base-62 characters. Only their SHA-256 is stored. */
public final class ApiKeyTokens {

    public static final String PREFIX = "vgl_live_";
    private static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final int SECRET_LENGTH = 40;
    private static final SecureRandom RANDOM = new SecureRandom();

    private ApiKeyTokens() {
    }

    public static String generate() {
        StringBuilder key = new StringBuilder(PREFIX);
        for (int i = 0; i < SECRET_LENGTH; i++) {
            key.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return key.toString();
    }

    public static String hash(String key) {
        return Fingerprints.sha256Hex(key);
    }

    /** What may be shown of a key after its creation: the prefix and four characters. */
    public static String displayPrefix(String key) {
        return key.substring(0, PREFIX.length() + 4);
    }
}
