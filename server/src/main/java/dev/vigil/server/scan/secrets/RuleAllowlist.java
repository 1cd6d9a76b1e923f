package dev.vigil.server.scan.secrets;

import com.google.re2j.Pattern;

import java.util.List;
import java.util.Locale;

/**
 * What a rule, or every rule, lets pass: a candidate is allowed (not reported) when one of the secret
 * regexes finds a match in the secret, a stopword occurs in it (case-insensitively), a match regex finds
 * a match in the whole regex match, or a line regex finds one in the candidate's line.
 */
record RuleAllowlist(List<Pattern> secrets, List<String> stopwords, List<Pattern> matches, List<Pattern> lines) {

    static final RuleAllowlist NONE = new RuleAllowlist(List.of(), List.of(), List.of(), List.of());

    RuleAllowlist {
        secrets = List.copyOf(secrets);
        stopwords = stopwords.stream().map(word -> word.toLowerCase(Locale.ROOT)).toList();
        matches = List.copyOf(matches);
        lines = List.copyOf(lines);
    }

    boolean allowsSecret(String secret) {
        if (anyFinds(secrets, secret)) {
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

    boolean allowsMatch(CharSequence match) {
        return anyFinds(matches, match);
    }

    boolean allowsLine(CharSequence line) {
        return anyFinds(lines, line);
    }

    private static boolean anyFinds(List<Pattern> patterns, CharSequence text) {
        for (Pattern pattern : patterns) {
            if (pattern.matcher(text).find()) {
                return true;
            }
        }
        return false;
    }
}
