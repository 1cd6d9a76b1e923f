package dev.vigil.server.scan.secrets;

import com.google.re2j.Pattern;
import dev.vigil.server.scan.secrets.RuleDefinition.GlobalDefinition;

import java.util.List;

/**
 * What no rule reports: files whose path matches one of {@code paths} (lockfiles, images, fonts), and
 * secrets that the {@code secrets} regexes or the stopwords recognise as placeholders or documented examples.
 */
record GlobalAllowlist(List<Pattern> paths, RuleAllowlist secrets) {

    static GlobalAllowlist compile(GlobalDefinition definition) {
        return new GlobalAllowlist(
                RuleCompiler.patterns(definition.paths(), "global paths"),
                new RuleAllowlist(RuleCompiler.patterns(definition.secrets(), "global secrets"),
                        RuleCompiler.orEmpty(definition.stopwords()), List.of(), List.of()));
    }

    boolean skipsPath(String path) {
        for (Pattern pattern : paths) {
            if (pattern.matcher(path).find()) {
                return true;
            }
        }
        return false;
    }

    boolean allowsSecret(String secret) {
        return secrets.allowsSecret(secret);
    }
}
