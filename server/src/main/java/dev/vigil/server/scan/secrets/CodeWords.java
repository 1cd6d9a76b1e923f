package dev.vigil.server.scan.secrets;

import java.util.Locale;
import java.util.Set;

/**
 * Whether a value reads as words joined the way code joins them: type names and identifiers
 * ({@code X509Certificate}, {@code OAuth2GrantType}, {@code my_oauth2ClientId}), constants
 * ({@code CKM_SSL3_MASTER_KEY_DERIVE_DH}) and algorithm names ({@code PBEWithHmacSHA256AndAES_128},
 * {@code AES/GCM/NoPadding}). The value is cut at separators, case changes and digits; it reads as words
 * when every piece of letters is a pronounceable word, an acronym or a common two-letter word, at most one
 * is a single letter, and its digits come in a few short runs. A random token almost never passes: its
 * pieces are short, unpronounceable and many are single letters (about one in a thousand random base62
 * strings of 16 characters does, none of 32). One pass over the value, no regex.
 */
final class CodeWords {

    private static final Set<String> TWO_LETTER_WORDS = Set.of("id", "of", "to", "or", "by", "in", "on", "at", "is",
            "my", "no", "up", "if", "do", "as", "be", "go", "ok", "io", "ui", "db", "os", "fs", "ip", "js", "ts", "rx",
            "tx", "vm", "ec", "dh", "md", "ca", "pk", "tr", "qr", "hs", "rs", "es", "ms", "ns", "us", "we", "it", "an",
            "me", "st");
    private static final Set<String> WORDS_WITHOUT_VOWELS = Set.of("pkcs", "html", "http", "https", "ldap", "smtp",
            "sftp", "xml", "rpc", "dns", "tls", "ssl", "krb", "jwt", "jwk", "jwks", "hmac", "crc", "cbc", "ctr", "gcm");
    private static final int MAX_DIGIT_RUN = 4;
    private static final int MAX_DIGIT_RUNS = 3;
    private static final int MAX_ACRONYM = 6;
    private static final int CONSONANT_RUN = 4;

    private CodeWords() {
    }

    static boolean matches(String value) {
        int singles = 0;
        int digitRuns = 0;
        int digits = 0;
        boolean letters = false;
        int i = 0;
        while (i < value.length()) {
            char c = value.charAt(i);
            int end = numeronymEnd(value, i);
            if (end > i) {
                letters = true;
            } else if (isDigit(c)) {
                end = runEnd(value, i, CharClass.DIGIT);
                digitRuns++;
                digits += end - i;
                if (end - i > MAX_DIGIT_RUN || digitRuns > MAX_DIGIT_RUNS) {
                    return false;
                }
            } else if (isUpper(c) || isLower(c)) {
                end = wordEnd(value, i);
                letters = true;
                if (end - i == 1) {
                    singles++;
                } else if (!word(value.substring(i, end))) {
                    return false;
                }
            } else if (isSeparator(c)) {
                end = i + 1;
            } else {
                return false;
            }
            i = end;
        }
        return letters && singles <= 1 && digits * 10 <= value.length() * 4;
    }

    /**
     * Where a numeronym that starts at {@code start} ends ({@code k8s}, {@code i18n}, {@code a11y}, {@code x86}:
     * a lower-case letter, one or two digits, up to two lower-case letters, between separators), or {@code start}.
     */
    private static int numeronymEnd(String value, int start) {
        if ((start > 0 && !isSeparator(value.charAt(start - 1))) || !isLower(value.charAt(start))) {
            return start;
        }
        int digitsEnd = runEnd(value, start + 1, CharClass.DIGIT);
        int end = runEnd(value, digitsEnd, CharClass.LOWER);
        boolean shape = digitsEnd - start - 1 >= 1 && digitsEnd - start - 1 <= 2 && end - digitsEnd <= 2;
        return shape && (end == value.length() || isSeparator(value.charAt(end))) ? end : start;
    }

    private static boolean isSeparator(char c) {
        return "_-./:".indexOf(c) >= 0;
    }

    /** A capitalised or lower-case word, or an acronym: up to the next case change, digit or separator. */
    private static int wordEnd(String value, int start) {
        int upperEnd = runEnd(value, start, CharClass.UPPER);
        if (upperEnd > start + 1) {
            boolean lowerFollows = upperEnd < value.length() && isLower(value.charAt(upperEnd));
            return lowerFollows ? upperEnd - 1 : upperEnd;
        }
        return runEnd(value, upperEnd, CharClass.LOWER);
    }

    private static boolean word(String piece) {
        String lower = piece.toLowerCase(Locale.ROOT);
        if (piece.length() == 2) {
            return TWO_LETTER_WORDS.contains(lower);
        }
        if (isUpper(piece.charAt(piece.length() - 1)) && piece.length() <= MAX_ACRONYM) {
            return true;
        }
        if (WORDS_WITHOUT_VOWELS.contains(lower)) {
            return true;
        }
        return pronounceable(lower);
    }

    /** Has a vowel (once it is four letters long) and no run of more than three consonants but in common clusters. */
    private static boolean pronounceable(String word) {
        boolean vowel = false;
        int run = 0;
        for (int i = 0; i < word.length(); i++) {
            if (isVowel(word.charAt(i))) {
                vowel = true;
                run = 0;
            } else if (++run >= CONSONANT_RUN && !commonCluster(word, i - run + 1, i + 1)) {
                return false;
            }
        }
        return vowel || word.length() < CONSONANT_RUN;
    }

    private static boolean commonCluster(String word, int start, int end) {
        String cluster = word.substring(start, end);
        return cluster.length() == CONSONANT_RUN && (cluster.contains("ngth") || cluster.contains("tch")
                || cluster.contains("sch") || cluster.contains("str") || cluster.contains("ght")
                || cluster.contains("mpl") || cluster.contains("nst") || cluster.contains("rst"));
    }

    private enum CharClass { DIGIT, UPPER, LOWER }

    private static int runEnd(String value, int start, CharClass kind) {
        int i = start;
        while (i < value.length() && is(kind, value.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean is(CharClass kind, char c) {
        return switch (kind) {
            case DIGIT -> isDigit(c);
            case UPPER -> isUpper(c);
            case LOWER -> isLower(c);
        };
    }

    private static boolean isVowel(char c) {
        return "aeiouy".indexOf(c) >= 0;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isUpper(char c) {
        return c >= 'A' && c <= 'Z';
    }

    private static boolean isLower(char c) {
        return c >= 'a' && c <= 'z';
    }
}
