package dev.vigil.server.scan.secrets;

/**
 * Values that name something in code rather than hold a secret: words without digits
 * ({@code dev-credentials}), dotted references ({@code settings.ORDER_API_KEY}, {@code X25519.KeyPair}),
 * lower-case snake or kebab words with at most three trailing digits ({@code user_token_v2}), upper-case
 * constants ({@code AUTH_TOKEN_NAME}) and short lower-case identifiers ({@code 3f9a2c1d7e}). The
 * {@code identifiers} allowlist option of a rule applies it; it scans each value once, without a regex.
 */
final class CodeReference {

    private static final int SHORT_ID_MIN = 10;
    private static final int SHORT_ID_MAX = 16;
    private static final int TRAILING_DIGITS = 3;

    private CodeReference() {
    }

    static boolean matches(String value) {
        return wordsOnly(value) || dotted(value) || lowerWords(value) || upperConstant(value) || shortLowerId(value);
    }

    private static boolean wordsOnly(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (!isLetter(c) && c != '_' && c != '.' && c != '-') {
                return false;
            }
        }
        return true;
    }

    /** Two or more identifiers joined by dots, the first of two characters or more, maybe a call {@code ()}. */
    private static boolean dotted(String value) {
        if (value.indexOf('.') < 0) {
            return false;
        }
        String path = value.endsWith("()") ? value.substring(0, value.length() - 2) : value;
        String[] parts = path.split("\\.", -1);
        if (parts.length < 2 || parts[0].length() < 2) {
            return false;
        }
        for (String part : parts) {
            if (part.isEmpty() || isDigit(part.charAt(0)) || !identifierChars(part)) {
                return false;
            }
        }
        return true;
    }

    private static boolean identifierChars(String part) {
        for (int i = 0; i < part.length(); i++) {
            char c = part.charAt(i);
            if (!isLetter(c) && !isDigit(c) && c != '_' && c != '$') {
                return false;
            }
        }
        return true;
    }

    /** {@code (?:[a-z]+[_-])+[a-z]+\d{0,3}} */
    private static boolean lowerWords(String value) {
        int end = value.length();
        int digits = 0;
        while (end > 0 && isDigit(value.charAt(end - 1)) && digits < TRAILING_DIGITS + 1) {
            end--;
            digits++;
        }
        if (digits > TRAILING_DIGITS || end == 0) {
            return false;
        }
        boolean separator = false;
        for (int i = 0; i < end; i++) {
            char c = value.charAt(i);
            boolean sep = c == '_' || c == '-';
            if (sep && (i == 0 || i == end - 1 || !isLower(value.charAt(i - 1)))) {
                return false;
            }
            separator |= sep;
            if (!sep && !isLower(c)) {
                return false;
            }
        }
        return separator;
    }

    /** {@code (?:[A-Z]+_)+[A-Z0-9]+} */
    private static boolean upperConstant(String value) {
        int separator = value.lastIndexOf('_');
        if (separator <= 0 || separator == value.length() - 1 || value.charAt(0) == '_') {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean ok = i < separator ? (c >= 'A' && c <= 'Z') || (c == '_' && value.charAt(i - 1) != '_')
                    : (c >= 'A' && c <= 'Z') || isDigit(c);
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static boolean shortLowerId(String value) {
        if (value.length() < SHORT_ID_MIN || value.length() > SHORT_ID_MAX) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            if (!isLower(value.charAt(i)) && !isDigit(value.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isLetter(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isLower(int c) {
        return c >= 'a' && c <= 'z';
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }
}
