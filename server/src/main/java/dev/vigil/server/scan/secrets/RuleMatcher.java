package dev.vigil.server.scan.secrets;

import com.google.re2j.Matcher;
import dev.vigil.server.scan.SourceFile;

import java.util.List;

/**
 * Runs one rule's regex over a window and turns each match that survives the entropy threshold and the
 * allowlists into a finding. The secret lives only in local variables: what is kept is its
 * {@link MaskedSecret}. One instance per session; not thread-safe.
 */
final class RuleMatcher implements WindowScanner.WindowSink {

    private static final int KEY_CONTEXT = 50;
    private static final int VALUE_TAIL = 3;
    private static final int LINE_CONTEXT = 1000;

    private final List<SecretRule> rules;
    private final GlobalAllowlist global;
    private final Matcher[] matchers;
    private final boolean[] startsAtWordBoundary;
    private final TextWindow window = new TextWindow();
    private final AssignmentCheck assignment = new AssignmentCheck();
    private SourceFile file;
    private String text = "";
    private FileFindings findings;
    private SecretSpans spans;

    RuleMatcher(List<SecretRule> rules, GlobalAllowlist global) {
        this.rules = rules;
        this.global = global;
        this.matchers = new Matcher[rules.size()];
        this.startsAtWordBoundary = new boolean[rules.size()];
        for (int i = 0; i < matchers.length; i++) {
            matchers[i] = rules.get(i).regex().matcher("");
            startsAtWordBoundary[i] = rules.get(i).startsAtWordBoundary();
        }
    }

    RuleMatcher on(SourceFile file, FileFindings findings) {
        return on(file, findings, null);
    }

    /** As above, also noting where each reported secret is in {@code spans} (null: nowhere). */
    RuleMatcher on(SourceFile file, FileFindings findings, SecretSpans spans) {
        this.file = file;
        this.findings = findings;
        this.spans = spans;
        return this;
    }

    @Override
    public void anchored(int rule, int start, int keywordEnd, int end) {
        text = file.text();
        SecretRule secretRule = rules.get(rule);
        if (startsAtWordBoundary[rule] && start > 0 && isWordChar(text.charAt(start - 1))) {
            return;
        }
        int limit = end;
        if (secretRule.assignment()) {
            if (!assignment.find(text, keywordEnd, end) || !worthMatching(secretRule, start)) {
                return;
            }
            limit = Math.min(end, assignment.valueEnd() + VALUE_TAIL);
        }
        Matcher matcher = matchers[rule];
        matcher.reset(window.set(text, start, limit));
        if (matcher.lookingAt()) {
            report(secretRule, matcher, start);
        }
        matcher.reset("");
    }

    @Override
    public void window(int rule, int start, int end) {
        text = file.text();
        SecretRule secretRule = rules.get(rule);
        Matcher matcher = matchers[rule];
        matcher.reset(window.set(text, start, end));
        while (matcher.find()) {
            report(secretRule, matcher, start);
        }
        matcher.reset("");
    }

    private void report(SecretRule rule, Matcher matcher, int windowStart) {
        int group = rule.groupOf(matcher);
        if (group < 0 || matcher.start(group) == matcher.end(group)) {
            return;
        }
        int offset = windowStart + matcher.start(group);
        String secret = matcher.group(group);
        if (reportable(rule, secret, windowStart + matcher.start(), windowStart + matcher.end(), offset)) {
            findings.add(rule, file.lineOf(offset), MaskedSecret.of(secret));
            if (spans != null) {
                spans.add(offset, windowStart + matcher.end(group), MaskedSecret.mask(secret));
            }
        }
    }

    /**
     * The secret checks of {@link #reportable} on the value an assignment check found, before the rule's
     * regex runs: unless the value is escaped, it is the secret the regex would capture, and most values
     * that merely look assigned are allowlisted.
     */
    private boolean worthMatching(SecretRule rule, int matchStart) {
        if (assignment.escaped()) {
            return true;
        }
        String value = text.substring(assignment.valueStart(), assignment.valueEnd());
        return passesCheapChecks(rule, value, matchStart, assignment.valueStart())
                && !rule.allowlist().allowsSecretByPattern(value) && !global.allowsSecretByPattern(value);
    }

    private boolean passesCheapChecks(SecretRule rule, String secret, int matchStart, int offset) {
        if (rule.minEntropy() > 0 && Entropy.shannon(secret) < rule.minEntropy()) {
            return false;
        }
        RuleAllowlist allow = rule.allowlist();
        if (allow.allowsSecretByWord(secret) || global.allowsSecretByWord(secret)) {
            return false;
        }
        CharSequence key = new TextWindow().set(text, keyStart(matchStart), offset);
        return !allow.allowsKey(key) && !allow.allowsValue(key, secret)
                && rule.checksum().map(checksum -> checksum.holds(secret)).orElse(true);
    }

    /** Cheap checks first: entropy, stopwords and key names, then the allowlist regexes. */
    private boolean reportable(SecretRule rule, String secret, int matchStart, int matchEnd, int offset) {
        if (!passesCheapChecks(rule, secret, matchStart, offset)) {
            return false;
        }
        RuleAllowlist allow = rule.allowlist();
        if (allow.allowsSecretByPattern(secret) || global.allowsSecretByPattern(secret)) {
            return false;
        }
        if (!allow.matches().isEmpty()
                && allow.allowsMatch(new TextWindow().set(text, keyStart(matchStart), matchEnd))) {
            return false;
        }
        if (!allow.lines().isEmpty() && allow.allowsLine(lineAround(offset))) {
            return false;
        }
        return !rule.jwt() || !JwtExample.signedWithPublishedKey(secret);
    }

    /** Where the key name of a match starts: up to 50 word, dot or dash characters before the match. */
    private int keyStart(int matchStart) {
        int start = matchStart;
        while (start > 0 && matchStart - start < KEY_CONTEXT && isKeyChar(text.charAt(start - 1))) {
            start--;
        }
        return start;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    private static boolean isKeyChar(char c) {
        return isWordChar(c) || c == '.' || c == '-';
    }

    /** The line of {@code offset}, at most {@link #LINE_CONTEXT} characters either side (minified code). */
    private CharSequence lineAround(int offset) {
        int start = offset;
        while (start > 0 && offset - start < LINE_CONTEXT && text.charAt(start - 1) != '\n') {
            start--;
        }
        int end = offset;
        while (end < text.length() && end - offset < LINE_CONTEXT && text.charAt(end) != '\n') {
            end++;
        }
        return new TextWindow().set(text, start, end);
    }
}
