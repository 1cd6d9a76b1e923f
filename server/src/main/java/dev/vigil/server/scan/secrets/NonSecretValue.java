package dev.vigil.server.scan.secrets;

import java.util.List;
import java.util.Locale;

/**
 * What a value assigned to a credential-like name is when it is not a credential, judged from the value
 * (and, for digests, the name): code ({@link CodeReference}, {@link CodeWords}: identifiers, constants,
 * member access, type and algorithm names), text (backslash-u escapes or characters beyond ASCII), file
 * paths, host names and URLs without credentials, placeholders ({@code <password>}, {@code ${VAR}},
 * {@code xxx}, {@code changeme}, {@code your-key-here}), dates, public keys, digests in a field that names them
 * ({@code sha}, {@code md5}, {@code hash}, {@code digest}, {@code checksum}) and values too short or too
 * uniform to be secrets. The {@code values} allowlist option of a rule applies it (the generic rules);
 * one pass over the value per check, no regex.
 */
final class NonSecretValue {

    static final int MIN_LENGTH = 8;
    private static final int MIN_DISTINCT = 5;
    private static final List<String> PLACEHOLDERS = List.of("xxx", "***", "...", "<", "${", "{{", "%(", "%s",
            "your", "here", "changeme", "change_me", "change-me", "changeit", "placeholder", "example", "sample",
            "dummy", "fake", "redacted", "replace", "insert", "todo", "foobar", "lorem", "secret", "password",
            "token", "abc123", "123456", "qwerty", "test");
    private static final List<String> ALGORITHMS = List.of("SHA", "MD5", "AES", "DES", "RC2", "RC4", "RSA", "DSA",
            "Hmac", "PBE", "PBKDF2", "GCM", "CBC", "ECB");
    private static final List<String> DIGEST_NAMES = List.of("sha", "md5", "hash", "digest", "checksum", "integrity",
            "crc32", "fingerprint", "etag");
    /** Base64 DER headers of public keys (SubjectPublicKeyInfo): RSA, EC P-256, P-384, Ed25519, X25519. */
    private static final List<String> PUBLIC_KEYS = List.of("MIIBIjANBgkqhkiG9w0BAQEFAAOC", "MIICIjANBgkqhkiG9w0BAQEFAAOC",
            "MIIBojANBgkqhkiG9w0BAQEFAAOC", "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE", "MHYwEAYHKoZIzj0CAQYFK4EEACIDYgAE",
            "MCowBQYDK2VwAyEA", "MCowBQYDK2VuAyEA");

    private NonSecretValue() {
    }

    /** Whether {@code value}, assigned to {@code key}, is not a secret. */
    static boolean recognises(CharSequence key, String value) {
        return tooPlain(value) || placeholder(value) || text(value) || namesDigest(key) || code(value)
                || algorithm(value) || path(value) || host(value) || url(value) || publicKey(value)
                || timestamp(value);
    }

    /** Identifiers and expressions of them: {@code a.b}, {@code TypeName}, {@code sccSecurityMarks.foo=bar}. */
    static boolean code(String value) {
        if (CodeReference.matches(value) || CodeWords.matches(value)) {
            return true;
        }
        int end = value.length();
        while (end > 0 && value.charAt(end - 1) == '=') {
            end--;
        }
        String unpadded = value.substring(0, end);
        if (unpadded.indexOf('=') <= 0) {
            return false;
        }
        for (String part : unpadded.split("=", -1)) {
            if (!part.isEmpty() && !CodeReference.matches(part) && !CodeWords.matches(part)) {
                return false;
            }
        }
        return true;
    }

    /** A cipher or key-derivation name in the JCA style: {@code PBEWithSHA1AndDESede}, {@code SHA256withRSA}. */
    static boolean algorithm(String value) {
        if (!value.contains("With") && !value.contains("with")) {
            return false;
        }
        for (String name : ALGORITHMS) {
            if (value.contains(name)) {
                return true;
            }
        }
        return false;
    }

    /** A date or a timestamp: {@code 2016-09-08T21:47:36Z}. */
    static boolean timestamp(String value) {
        return value.length() >= 10 && value.charAt(4) == '-' && value.charAt(7) == '-'
                && value.substring(0, 4).chars().allMatch(Character::isDigit)
                && value.substring(5, 7).chars().allMatch(Character::isDigit)
                && value.substring(8, 10).chars().allMatch(Character::isDigit);
    }

    static boolean tooPlain(String value) {
        return value.length() < MIN_LENGTH || value.chars().distinct().count() < MIN_DISTINCT;
    }

    static boolean placeholder(String value) {
        String lower = value.toLowerCase(Locale.ROOT);
        for (String word : PLACEHOLDERS) {
            if (lower.contains(word)) {
                return true;
            }
        }
        return value.charAt(0) == '$' || value.charAt(0) == '%';
    }

    /** Natural language: an escaped or a literal character beyond ASCII. */
    static boolean text(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c > '~' || c == '\\' && i + 1 < value.length() && "ux".indexOf(value.charAt(i + 1)) >= 0) {
                return true;
            }
        }
        return false;
    }

    static boolean namesDigest(CharSequence key) {
        String name = RuleAllowlist.normalizeKey(key);
        for (String word : DIGEST_NAMES) {
            if (name.contains(word)) {
                return true;
            }
        }
        return false;
    }

    /** An absolute, home or relative path, or words joined by slashes ({@code projects/x/locations/x}). */
    static boolean path(String value) {
        if (value.startsWith("/") || value.startsWith("./") || value.startsWith("../") || value.startsWith("~/")
                || value.length() > 2 && value.charAt(1) == ':' && (value.charAt(2) == '\\' || value.charAt(2) == '/')) {
            return true;
        }
        if (value.indexOf('/') < 0) {
            return false;
        }
        for (String part : value.split("/", -1)) {
            if (!part.isEmpty() && !CodeWords.matches(part) && !CodeReference.matches(part)) {
                return false;
            }
        }
        return true;
    }

    /**
     * A lower-case host name whose last label is letters, maybe with a port; or what follows the {@code @}
     * of a URL's user part ({@code <user>:<password>@proxy-host}).
     */
    static boolean host(String value) {
        boolean afterAt = value.startsWith("@");
        String host = afterAt ? value.substring(1) : value;
        host = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        int colon = host.indexOf(':');
        String name = colon < 0 ? host : host.substring(0, colon);
        if (name.isEmpty() || !name.chars().allMatch(c -> c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.')) {
            return false;
        }
        String last = name.substring(name.lastIndexOf('.') + 1);
        boolean topLevel = name.indexOf('.') > 0 && last.length() >= 2 && last.chars().allMatch(c -> c >= 'a' && c <= 'z');
        return topLevel || afterAt && CodeWords.matches(name);
    }

    /** A URL with no password in it: {@code scheme://host/...} without {@code user:password@}. */
    static boolean url(String value) {
        int scheme = value.indexOf("://");
        if (scheme <= 0) {
            return false;
        }
        int authorityEnd = value.indexOf('/', scheme + 3);
        String authority = value.substring(scheme + 3, authorityEnd < 0 ? value.length() : authorityEnd);
        int at = authority.lastIndexOf('@');
        return at < 0 || authority.substring(0, at).indexOf(':') < 0;
    }

    static boolean publicKey(String value) {
        for (String header : PUBLIC_KEYS) {
            if (value.startsWith(header)) {
                return true;
            }
        }
        return false;
    }
}
