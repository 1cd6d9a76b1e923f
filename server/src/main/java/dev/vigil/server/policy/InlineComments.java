package dev.vigil.server.policy;

import dev.vigil.server.scan.SourceFile;

import java.util.List;

/**
 * Finds the {@code vigil:ignore} and {@code vigil:ignore[rule-id]} comments of a file: the marker right after a
 * comment opener of the file's syntax, then a reason. One marker per line is read, so the work is linear.
 */
final class InlineComments {

    static final String MARKER = "vigil:ignore";
    private static final int MAX_RULE = 200;

    private InlineComments() {
    }

    /** Adds the file's comments to {@code found} and what is wrong with others to {@code problems}. */
    static void find(SourceFile file, List<InlineIgnore> found, List<PolicyProblem> problems, int limit) {
        CommentSyntax syntax = CommentSyntax.of(file.name());
        if (syntax == CommentSyntax.NONE || file.isBinary()) {
            return;
        }
        String text = file.text();
        int from = 0;
        while (found.size() < limit && problems.size() < limit) {
            int at = text.indexOf(MARKER, from);
            if (at < 0) {
                return;
            }
            int start = text.lastIndexOf('\n', at) + 1;
            int end = text.indexOf('\n', at);
            end = end < 0 ? text.length() : end;
            from = end;
            if (syntax.opensComment(text.substring(start, at))) {
                take(file, file.lineOf(at), text.substring(at + MARKER.length(), end), found, problems);
            }
        }
    }

    private static void take(SourceFile file, int line, String rest, List<InlineIgnore> found,
                             List<PolicyProblem> problems) {
        String rule = null;
        if (rest.startsWith("[")) {
            int close = rest.indexOf(']');
            if (close < 2 || close > MAX_RULE || rest.substring(1, close).isBlank()) {
                problems.add(new PolicyProblem(file.path(), line, "vigil:ignore[ needs a rule id and a closing ]"));
                return;
            }
            rule = rest.substring(1, close).strip();
            rest = rest.substring(close + 1);
        } else if (!rest.isEmpty() && !Character.isWhitespace(rest.charAt(0)) && rest.charAt(0) != ':') {
            return;
        }
        String reason = reason(rest);
        if (reason.isEmpty()) {
            problems.add(new PolicyProblem(file.path(), line, "vigil:ignore needs a reason after it"
                    + (rule == null ? "" : " (rule " + rule + ")")));
            return;
        }
        found.add(new InlineIgnore(file.path(), line, rule, reason));
    }

    private static String reason(String rest) {
        String reason = rest.strip();
        if (reason.endsWith("*/")) {
            reason = reason.substring(0, reason.length() - 2).strip();
        }
        int i = 0;
        while (i < reason.length() && (reason.charAt(i) == ':' || reason.charAt(i) == '-' || reason.charAt(i) == ' ')) {
            i++;
        }
        reason = reason.substring(i);
        return reason.length() > PolicyFileParser.MAX_REASON ? reason.substring(0, PolicyFileParser.MAX_REASON) : reason;
    }
}
