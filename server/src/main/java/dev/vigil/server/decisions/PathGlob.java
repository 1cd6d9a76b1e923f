package dev.vigil.server.decisions;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A glob over a finding's path relative to the archive root: {@code **} crosses directories, {@code *} and
 * {@code ?} stay within one name. A glob without a slash matches the file's name in any directory.
 */
public record PathGlob(String text, Pattern pattern) {

    public static final int MAX_LENGTH = 1024;

    /** The glob, or empty when it is blank, too long, or has a bracket or brace (no character classes). */
    public static Optional<PathGlob> parse(String text) {
        if (text == null || text.isBlank() || text.length() > MAX_LENGTH || text.matches(".*[\\[\\]{}\\\\].*")) {
            return Optional.empty();
        }
        String glob = text.startsWith("/") ? text.substring(1) : text;
        StringBuilder regex = new StringBuilder(glob.contains("/") ? "" : "(?:.*/)?");
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*' && i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                boolean slashAfter = i + 2 < glob.length() && glob.charAt(i + 2) == '/';
                regex.append(slashAfter ? "(?:.*/)?" : ".*");
                i += slashAfter ? 2 : 1;
            } else if (c == '*') {
                regex.append("[^/]*");
            } else if (c == '?') {
                regex.append("[^/]");
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Optional.of(new PathGlob(text, Pattern.compile(regex.toString())));
    }

    public boolean matches(String path) {
        return pattern.matcher(path.startsWith("/") ? path.substring(1) : path).matches();
    }
}
