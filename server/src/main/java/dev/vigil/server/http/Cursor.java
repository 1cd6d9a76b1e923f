package dev.vigil.server.http;

import dev.vigil.server.scan.Fingerprints;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

/**
 * Opaque keyset cursors. A cursor carries the sort key of the last row it follows and a digest of the
 * filters it was made for: used with other filters it is refused with INVALID_CURSOR.
 */
public final class Cursor {

    private static final String VERSION = "c1";
    private static final char SEPARATOR = '\u001f';

    private Cursor() {
    }

    public static String encode(String filters, String... key) {
        String plain = VERSION + SEPARATOR + digest(filters) + SEPARATOR + String.join(String.valueOf(SEPARATOR), key);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(plain.getBytes(StandardCharsets.UTF_8));
    }

    /** The key of {@code cursor}, which must have {@code size} parts and have been made for {@code filters}. */
    public static List<String> decode(String cursor, String filters, int size) {
        String plain;
        try {
            plain = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidCursor();
        }
        String[] parts = plain.split(String.valueOf(SEPARATOR), -1);
        if (parts.length != size + 2 || !parts[0].equals(VERSION) || !parts[1].equals(digest(filters))) {
            throw ApiException.invalidCursor();
        }
        return Arrays.asList(parts).subList(2, parts.length);
    }

    private static String digest(String filters) {
        return Fingerprints.sha256Hex(filters).substring(0, 16);
    }

    /** Parses a number of a decoded cursor key, refusing a tampered one. */
    public static long number(String part) {
        try {
            return Long.parseLong(part);
        } catch (NumberFormatException e) {
            throw ApiException.invalidCursor();
        }
    }

    public static UUID uuid(String part) {
        return Uuids.parse(part).orElseThrow(ApiException::invalidCursor);
    }
}
