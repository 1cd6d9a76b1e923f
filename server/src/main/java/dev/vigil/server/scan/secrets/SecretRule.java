package dev.vigil.server.scan.secrets;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import dev.vigil.model.Severity;
import dev.vigil.server.scan.RuleHelp;

import java.util.List;
import java.util.Optional;

/**
 * One compiled secrets rule (a {@link RuleDefinition} after validation).
 *
 * @param secretGroup   the capture group holding the secret; {@code -1} for the first group that took part
 *                      in the match, or the whole match when the regex has no group
 * @param minEntropy    the least Shannon entropy the secret must have, {@code 0} for none
 * @param path          when present, the rule applies only to files whose path this regex finds a match in
 * @param before        for a windowed rule, the characters before a keyword hit that the regex searches,
 *                      {@code 0} for "from the hit's line start"
 * @param after         for a windowed rule, the characters after a keyword hit that the regex searches; a rule
 *                      with neither is anchored: its regex must match starting at the keyword
 * @param fallback      a catch-all rule (generic assignments) whose finding is dropped when a specific rule
 *                      reports the same secret on the same line
 * @param assignment    the regex starts with a key and the {@code {{assign}}} macro, so it runs only where
 *                      {@link AssignmentCheck} sees an assignment after the keyword
 * @param checksum      when present, the checksum the provider builds into the secret, which must hold
 * @param jwt           the secret is a JSON Web Token, not reported when signed with a published key ({@link JwtExample})
 * @param shouldFind    examples this rule must report
 * @param shouldNotFind examples this rule must not report
 * @param help          what the rule means: risk, fix, the provider's page and references
 */
record SecretRule(String id, String title, String description, Severity severity, String cwe, Pattern regex,
                  int secretGroup, List<String> keywords, double minEntropy, Optional<Pattern> path,
                  RuleAllowlist allowlist, List<String> aliases, int before, int after, boolean fallback, boolean assignment,
                  String examplePath, Optional<TokenChecksum> checksum, boolean jwt,
                  List<String> shouldFind, List<String> shouldNotFind, RuleHelp help) {

    static final int FIRST_GROUP = -1;

    SecretRule {
        keywords = List.copyOf(keywords);
        aliases = List.copyOf(aliases);
        shouldFind = List.copyOf(shouldFind);
        shouldNotFind = List.copyOf(shouldNotFind);
    }

    boolean appliesTo(String filePath) {
        return path.isEmpty() || path.get().matcher(filePath).find();
    }

    /** Whether the regex must match at a keyword hit (else it searches a window around the hit). */
    boolean anchored() {
        return before == 0 && after == 0;
    }

    /** Whether the regex starts with a word boundary, which an anchored match checks against the text before the hit. */
    boolean startsAtWordBoundary() {
        String source = regex.pattern();
        return source.startsWith("^(?:\\b") || source.startsWith("^(?:(?i)\\b");
    }

    /** The group of a successful match that holds the secret, or {@code -1} when none took part. */
    int groupOf(Matcher matcher) {
        if (secretGroup != FIRST_GROUP) {
            return matcher.start(secretGroup) >= 0 ? secretGroup : -1;
        }
        for (int group = 1; group <= matcher.groupCount(); group++) {
            if (matcher.start(group) >= 0) {
                return group;
            }
        }
        return 0;
    }

    @Override
    public String toString() {
        return "SecretRule[" + id + "]";
    }
}
