package dev.vigil.client;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The rules of one {@code .gitignore} file, a practical subset of git's: comments, blank lines, globs
 * ({@code *}, {@code ?}, {@code **}, {@code [..]}), {@code dir/} for directories only, {@code !} to re-include,
 * and patterns with a slash (or a leading {@code /}) anchored to the file's directory. As in git, a file inside
 * an ignored directory cannot be re-included: the packager does not descend into it.
 */
final class GitIgnore {

    private record Rule(Pattern pattern, boolean negated, boolean directoryOnly) {
    }

    /** Whether a path is ignored, re-included, or not mentioned by this file. */
    enum Verdict { IGNORED, INCLUDED, UNMENTIONED }

    private final List<Rule> rules;

    private GitIgnore(List<Rule> rules) {
        this.rules = rules;
    }

    static GitIgnore parse(String text) {
        List<Rule> rules = new ArrayList<>();
        for (String raw : text.split("\r?\n")) {
            String line = stripTrailingSpaces(raw);
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            boolean negated = line.startsWith("!");
            if (negated || line.startsWith("\\!") || line.startsWith("\\#")) {
                line = line.substring(1);
            }
            boolean directoryOnly = line.endsWith("/");
            if (directoryOnly) {
                line = line.substring(0, line.length() - 1);
            }
            boolean anchored = line.contains("/");
            if (line.startsWith("/")) {
                line = line.substring(1);
            }
            if (line.isEmpty()) {
                continue;
            }
            String regex = (anchored ? "" : "(?:.*/)?") + glob(line);
            rules.add(new Rule(Pattern.compile(regex), negated, directoryOnly));
        }
        return new GitIgnore(List.copyOf(rules));
    }

    /** The verdict of the last rule matching {@code relative} (a path below this file's directory, '/'-separated). */
    Verdict check(String relative, boolean directory) {
        for (int i = rules.size() - 1; i >= 0; i--) {
            Rule rule = rules.get(i);
            if ((directory || !rule.directoryOnly()) && rule.pattern().matcher(relative).matches()) {
                return rule.negated() ? Verdict.INCLUDED : Verdict.IGNORED;
            }
        }
        return Verdict.UNMENTIONED;
    }

    private static String glob(String glob) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*' && glob.startsWith("**/", i)) {
                regex.append("(?:.*/)?");
                i += 2;
            } else if (c == '*' && glob.startsWith("**", i)) {
                regex.append(".*");
                i += 1;
            } else if (c == '*') {
                regex.append("[^/]*");
            } else if (c == '?') {
                regex.append("[^/]");
            } else if (c == '[' && glob.indexOf(']', i + 2) > 0) {
                int end = glob.indexOf(']', i + 2);
                String set = glob.substring(i + 1, end);
                if (set.startsWith("!")) {
                    set = "^" + set.substring(1);
                }
                regex.append('[').append(set.replace("\\", "\\\\").replace("[", "\\[")).append(']');
                i = end;
            } else if (c == '\\' && i + 1 < glob.length()) {
                regex.append(Pattern.quote(String.valueOf(glob.charAt(++i))));
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return regex.toString();
    }

    private static String stripTrailingSpaces(String line) {
        int end = line.length();
        while (end > 0 && line.charAt(end - 1) == ' ' && !(end > 1 && line.charAt(end - 2) == '\\')) {
            end--;
        }
        return line.substring(0, end);
    }
}
