package dev.vigil.server.scan;

import java.nio.charset.StandardCharsets;

/** Relative paths as SARIF artifact URIs: RFC 3986 path segments, everything but unreserved characters escaped. */
final class SarifUris {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private SarifUris() {
    }

    /**
     * The URI reference of a relative path: {@code my dir/café.py} becomes {@code my%20dir/caf%C3%A9.py}. Only
     * {@code A-Z a-z 0-9 - . _ ~} and the {@code /} separator stay as they are, which every consumer decodes alike
     * and which keeps a {@code :} in a first segment from reading as a scheme.
     */
    static String relative(String path) {
        byte[] bytes = path.getBytes(StandardCharsets.UTF_8);
        StringBuilder uri = new StringBuilder(bytes.length + 8);
        for (byte b : bytes) {
            int c = b & 0xff;
            if (isUnreserved(c) || c == '/') {
                uri.append((char) c);
            } else {
                uri.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
            }
        }
        return uri.toString();
    }

    /** Whether a path is a normalised relative one, fit for a location under {@code %SRCROOT%}. */
    static boolean isSafeRelative(String path) {
        return EntryPaths.normalise(path) instanceof EntryPaths.Relative(String normalised) && normalised.equals(path);
    }

    private static boolean isUnreserved(int c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                || c == '-' || c == '.' || c == '_' || c == '~';
    }
}
