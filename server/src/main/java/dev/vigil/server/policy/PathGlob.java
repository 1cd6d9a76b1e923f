package dev.vigil.server.policy;

import com.google.re2j.Pattern;

/**
 * A path glob relative to the archive root: {@code *} and {@code ?} stay within one directory, {@code **}
 * crosses any number; matched by RE2/J, in time linear in the path.
 */
public final class PathGlob {

    private final String glob;
    private final Pattern pattern;

    private PathGlob(String glob, Pattern pattern) {
        this.glob = glob;
        this.pattern = pattern;
    }

    public static PathGlob of(String glob) {
        String g = glob.startsWith("./") ? glob.substring(2) : glob;
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < g.length(); i++) {
            char ch = g.charAt(i);
            if (g.startsWith("**/", i)) {
                regex.append("(?:.*/)?");
                i += 2;
            } else if (g.startsWith("**", i)) {
                regex.append(".*");
                i++;
            } else if (ch == '*') {
                regex.append("[^/]*");
            } else if (ch == '?') {
                regex.append("[^/]");
            } else {
                regex.append(Pattern.quote(String.valueOf(ch)));
            }
        }
        return new PathGlob(glob, Pattern.compile(regex.toString(), Pattern.DOTALL));
    }

    public boolean matches(String path) {
        return pattern.matches(path);
    }

    @Override
    public String toString() {
        return glob;
    }
}
