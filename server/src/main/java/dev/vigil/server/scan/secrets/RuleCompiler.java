package dev.vigil.server.scan.secrets;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import dev.vigil.model.Severity;
import dev.vigil.server.scan.secrets.RuleDefinition.AllowDefinition;
import dev.vigil.server.scan.secrets.RuleDefinition.ExamplesDefinition;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Checks a {@link RuleDefinition} and compiles it into a {@link SecretRule}. Regexes are RE2/J (linear
 * time); the regex of a rule without a window is anchored ({@code ^}), as it runs at keyword hits, which
 * lets RE2/J stop as soon as the match fails. Regexes may use three macros, expanded before compilation:
 * <ul>
 *   <li>{@code {{assign}}}: what separates a key from its value in code and configuration
 *       ({@code =}, {@code :}, {@code =>}, {@code :=}, {@code ?=}, a closing {@code >} of an XML tag, quotes),
 *       on one line: an assignment never spans a newline ({@code KEY=} with nothing after it is empty), but
 *       an XML element's text may start on the line after its tag;</li>
 *   <li>{@code {{end}}}: what may follow a value (a quote, a space, {@code ;}, an escaped newline, the end);</li>
 *   <li>{@code {{uuid}}}: a UUID in hex digits.</li>
 * </ul>
 */
final class RuleCompiler {

    static final String ASSIGN = "(?:[ \\t\\w.-]{0,20})[ \\t'\"]{0,3}"
            + "(?:>[`'\"\\s=]{0,5}|(?:=|:{1,3}=|\\|\\||:|=>|\\?=|,)[`'\" \\t=]{0,5})";
    static final String END = "(?:[`'\"\\s;]|\\\\[nr]|$)";
    static final String UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

    private static final Pattern ID = Pattern.compile("[a-z0-9]+(?:-[a-z0-9]+)*");
    private static final Pattern CWE = Pattern.compile("CWE-\\d+");
    private static final int MIN_KEYWORD = 3;
    private static final int MAX_KEYWORD = 20;

    private RuleCompiler() {
    }

    static SecretRule compile(RuleDefinition d, String file, SecretRuleHelp help) {
        String where = d.id() + " (" + file + ")";
        require(d.id() != null && ID.matcher(d.id()).matches(), "a kebab-case id", where);
        require(d.title() != null && !d.title().isBlank(), "a title", where);
        require(d.cwe() != null && CWE.matcher(d.cwe()).matches(), "a CWE like CWE-798", where);
        require(d.regex() != null, "a regex", where);
        boolean anchored = d.window() == null;
        Pattern regex = pattern(anchored ? "^(?:" + expand(d.regex()) + ")" : expand(d.regex()), where);
        List<String> keywords = keywords(d.keywords(), where);
        int group = d.secretGroup() == null ? SecretRule.FIRST_GROUP : d.secretGroup();
        require(group <= regex.groupCount(), "a secretGroup the regex has", where);
        AllowDefinition allow = d.allowlist() == null ? new AllowDefinition(null, null, null, null, null, null, null) : d.allowlist();
        ExamplesDefinition examples = d.examples() == null ? new ExamplesDefinition(null, null) : d.examples();
        int before = d.window() == null || d.window().before() == null ? 0 : d.window().before();
        int after = d.window() == null || d.window().after() == null ? 0 : d.window().after();
        return new SecretRule(d.id(), d.title(), d.description() == null ? d.title() : d.description(),
                Severity.of(d.severity() == null ? "high" : d.severity()), d.cwe(), regex, group, keywords,
                d.entropy() == null ? 0.0 : d.entropy(),
                Optional.ofNullable(d.path()).map(path -> pattern(path, where)),
                allowlist(allow, where), orEmpty(d.aliases()), before, after, Boolean.TRUE.equals(d.fallback()),
                d.regex().contains("{{assign}}"),
                d.examplePath() == null ? "config.txt" : d.examplePath(),
                Optional.ofNullable(d.checksum()).map(TokenChecksum::named), Boolean.TRUE.equals(d.jwt()),
                orEmpty(examples.find()), orEmpty(examples.ignore()),
                help.of(d.id(), d.title(), d.cwe(), orEmpty(d.aliases())));
    }

    static String expand(String regex) {
        return regex.replace("{{assign}}", ASSIGN).replace("{{end}}", END).replace("{{uuid}}", UUID);
    }

    static List<Pattern> patterns(List<String> regexes, String where) {
        return orEmpty(regexes).stream().map(regex -> pattern(expand(regex), where)).toList();
    }

    static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }

    private static RuleAllowlist allowlist(AllowDefinition allow, String where) {
        return new RuleAllowlist(patterns(allow.secrets(), where), orEmpty(allow.stopwords()), orEmpty(allow.keys()),
                patterns(allow.matches(), where), patterns(allow.lines(), where),
                Boolean.TRUE.equals(allow.identifiers()), Boolean.TRUE.equals(allow.values()));
    }

    private static List<String> keywords(List<String> keywords, String where) {
        require(keywords != null && !keywords.isEmpty(), "at least one keyword", where);
        for (String keyword : keywords) {
            require(keyword.length() >= MIN_KEYWORD && keyword.length() <= MAX_KEYWORD
                            && keyword.equals(keyword.toLowerCase(Locale.ROOT)),
                    "lower-case keywords of " + MIN_KEYWORD + " to " + MAX_KEYWORD + " characters", where);
            require(keyword.chars().allMatch(c -> c < 128), "ASCII keywords", where);
        }
        return keywords;
    }

    private static Pattern pattern(String regex, String where) {
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new IllegalStateException("secrets rule " + where + ": bad regex: " + e.getMessage(), e);
        }
    }

    private static void require(boolean condition, String what, String where) {
        if (!condition) {
            throw new IllegalStateException("secrets rule " + where + " needs " + what);
        }
    }
}
