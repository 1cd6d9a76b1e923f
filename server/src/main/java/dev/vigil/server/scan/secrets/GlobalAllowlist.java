package dev.vigil.server.scan.secrets;

import com.google.re2j.Pattern;
import dev.vigil.server.scan.secrets.RuleDefinition.GlobalDefinition;

import java.util.List;

/**
 * What no rule reports: files whose path matches one of {@code paths} (lockfiles, images, fonts), secrets of
 * one repeated character, and secrets that the {@code secrets} regexes or the stopwords recognise as
 * placeholders or documented examples.
 */
record GlobalAllowlist(List<Pattern> paths, RuleAllowlist secrets) {

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
        return secrets.allowsSecretByWord(secret) || oneRepeatedCharacter(secret);
    }

    boolean allowsSecretByPattern(String secret) {
        return secrets.allowsSecretByPattern(secret);
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
