package dev.vigil.server.http;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** Comparison of a presented secret with the expected one, in time that does not tell how much matched. */
public final class ConstantTime {

    private ConstantTime() {
    }

    /** True only when both are the same non-empty secret: an empty expected secret matches nothing. */
    public static boolean matches(String given, String expected) {
        if (given == null || expected == null || given.isEmpty() || expected.isEmpty()) {
            return false;
        }
        return MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), expected.getBytes(StandardCharsets.UTF_8));
    }
}
