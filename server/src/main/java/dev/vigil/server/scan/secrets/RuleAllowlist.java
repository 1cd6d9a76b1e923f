package dev.vigil.server.scan.secrets;

import com.google.re2j.Pattern;

import java.util.List;
import java.util.Locale;

/**
 * What a rule, or every rule, lets pass. A candidate is allowed (not reported) when the secret regex finds
 * a match in the secret, a stopword occurs in the secret, the secret is a {@link CodeReference} (with
 * {@code identifiers: true}), a {@link NonSecretValue} for its key (with {@code values: true}), a key stopword occurs in the key name before the
 * secret (lower-cased, without {@code _ . -}, spaces and quotes: {@code primary_key} is {@code primarykey}),
 * a match regex finds a match in the key and the regex match, or a line regex in the candidate's line.
 * Stopwords are matched case-insensitively; regexes are tried in their order, so cheap and common ones
 * should come first.
 */
record RuleAllowlist(List<Pattern> secrets, List<String> stopwords, List<String> keys, List<Pattern> matches,
                     List<Pattern> lines, boolean identifiers, boolean values) {

    RuleAllowlist {
        secrets = List.copyOf(secrets);
        matches = List.copyOf(matches);
        lines = List.copyOf(lines);
        stopwords = stopwords.stream().map(word -> word.toLowerCase(Locale.ROOT)).toList();
        keys = keys.stream().map(RuleAllowlist::normalizeKey).toList();
    }

    /** Whether a stopword occurs in the secret or it is a {@link CodeReference}: cheap, so checked before any regex. */
    boolean allowsSecretByWord(String secret) {
        if (identifiers && CodeReference.matches(secret)) {
            return true;
        }
        if (stopwords.isEmpty()) {
            return false;
        }
        String lower = secret.toLowerCase(Locale.ROOT);
        for (String word : stopwords) {
            if (lower.contains(word)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the rule judges values ({@code values: true}) and this one, assigned to {@code key}, is not a secret. */
    boolean allowsValue(CharSequence key, String secret) {
        return values && NonSecretValue.recognises(key, secret);
    }

    boolean allowsSecretByPattern(String secret) {
        return finds(secrets, secret);
    }

    boolean allowsKey(CharSequence key) {
        if (keys.isEmpty()) {
            return false;
        }
        String normalized = normalizeKey(key);
        for (String word : keys) {
            if (normalized.contains(word)) {
                return true;
            }
        }
        return false;
    }

    boolean allowsMatch(CharSequence keyAndMatch) {
        return finds(matches, keyAndMatch);
    }

    boolean allowsLine(CharSequence line) {
        return finds(lines, line);
    }

    static String normalizeKey(CharSequence key) {
        StringBuilder normalized = new StringBuilder(key.length());
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if ("_.- \t'\"`".indexOf(c) < 0) {
                normalized.append(Character.toLowerCase(c));
            }
        }
        return normalized.toString();
    }

    private static boolean finds(List<Pattern> patterns, CharSequence text) {
        for (Pattern pattern : patterns) {
            if (pattern.matcher(text).find()) {
                return true;
            }
        }
        return false;
    }
}
