package dev.vigil.server.scan.secrets;

import com.google.re2j.Pattern;
import dev.vigil.server.scan.secrets.RuleDefinition.GlobalDefinition;

import java.util.List;

/**
 * What no rule reports: files whose path matches one of {@code paths} (lockfiles, images, fonts), secrets of
 * one repeated character or with a run of the alphabet, and secrets that the {@code secrets} regexes or the stopwords recognise as
 * placeholders or documented examples.
 */
record GlobalAllowlist(List<Pattern> paths, RuleAllowlist secrets) {

    private static final int ALPHABET_RUN = 8;

    /** The path regexes are checked one by one, then combined into one alternation: one search per file. */
    static GlobalAllowlist compile(GlobalDefinition definition) {
        List<Pattern> paths = RuleCompiler.patterns(definition.paths(), "global paths");
        String anyPath = String.join("|", paths.stream().map(path -> "(?:" + path.pattern() + ")").toList());
        return new GlobalAllowlist(paths.isEmpty() ? List.of() : List.of(Pattern.compile(anyPath)),
                new RuleAllowlist(RuleCompiler.patterns(definition.secrets(), "global secrets"),
                        RuleCompiler.orEmpty(definition.stopwords()), List.of(), List.of(), List.of(), false, false));
    }

    boolean skipsPath(String path) {
        for (Pattern pattern : paths) {
            if (pattern.matcher(path).find()) {
                return true;
            }
        }
        return false;
    }

    boolean allowsSecretByWord(String secret) {
        return secrets.allowsSecretByWord(secret) || oneRepeatedCharacter(secret) || hasAlphabetRun(secret);
    }

    boolean allowsSecretByPattern(String secret) {
        return secrets.allowsSecretByPattern(secret);
    }

    /**
     * Whether the secret holds eight or more letters in alphabet order ({@code klmnopqr}, {@code CDEFGHIJ}): typed
     * by hand as a placeholder. A random base62 character follows its predecessor in order with odds 1 in 62, so
     * such a run turns up in an issued token about once in 10^12 positions.
     */
    static boolean hasAlphabetRun(String secret) {
        int run = 1;
        for (int i = 1; i < secret.length(); i++) {
            char previous = secret.charAt(i - 1);
            char current = secret.charAt(i);
            boolean inOrder = current == previous + 1 && Character.isLetter(previous) && Character.isLetter(current)
                    && Character.isUpperCase(previous) == Character.isUpperCase(current);
            run = inOrder ? run + 1 : 1;
            if (run >= ALPHABET_RUN) {
                return true;
            }
        }
        return false;
    }

    /** {@code xxxxxxxx}, {@code 00000000}, {@code ********}: a placeholder, never a secret. */
    static boolean oneRepeatedCharacter(String secret) {
        for (int i = 1; i < secret.length(); i++) {
            if (secret.charAt(i) != secret.charAt(0)) {
                return false;
            }
        }
        return true;
    }
}
