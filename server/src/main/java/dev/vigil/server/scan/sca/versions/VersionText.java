package dev.vigil.server.scan.sca.versions;

import java.util.function.IntPredicate;

/**
 * Linear scanning of version strings, in place of regular expressions: {@code java.util.regex} recurses once
 * per repetition of a group, so a version of a few thousand components overflowed a worker's stack.
 */
final class VersionText {

    static final IntPredicate DIGIT = c -> c >= '0' && c <= '9';
    static final IntPredicate LETTER = c -> (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    static final IntPredicate ALPHANUMERIC = DIGIT.or(LETTER);

    private VersionText() {
    }

    /** The end of the run of at least one {@code accepted} character that starts at {@code from}, or -1. */
    static int run(String text, int from, IntPredicate accepted) {
        if (from < 0) {
            return -1;
        }
        int end = from;
        while (end < text.length() && accepted.test(text.charAt(end))) {
            end++;
        }
        return end > from ? end : -1;
    }

    /** The index of the first of {@code separators} in {@code text} at or after {@code from}, or the text's length. */
    static int until(String text, int from, String separators) {
        for (int i = from; i < text.length(); i++) {
            if (separators.indexOf(text.charAt(i)) >= 0) {
                return i;
            }
        }
        return text.length();
    }

    /** Whether {@code text} has the character {@code c} at {@code at} (a position of -1 has none). */
    static boolean at(String text, int at, char c) {
        return at >= 0 && at < text.length() && text.charAt(at) == c;
    }
}
