package dev.vigil.server.scan;

import dev.vigil.model.FindingDetail;

import java.util.ArrayList;
import java.util.List;

/**
 * The lines around a finding: up to {@value #AROUND} lines before and after it, each clipped to
 * {@value #MAX_LINE} characters, taken from text whose secrets are already masked.
 */
public final class CodeContext {

    public static final int AROUND = 3;
    public static final int MAX_LINE = 300;

    private CodeContext() {
    }

    /**
     * The lines around 1-based {@code line} of {@code text}, whose lines start at {@code lineStarts}; null when
     * the text has no such line. The empty "line" after a final line break is not one.
     */
    public static FindingDetail.Context around(String text, int[] lineStarts, int line) {
        int lineCount = text.endsWith("\n") ? lineStarts.length - 1 : lineStarts.length;
        if (line < 1 || line > lineCount) {
            return null;
        }
        int first = Math.max(1, line - AROUND);
        int last = Math.min(lineCount, line + AROUND);
        List<String> lines = new ArrayList<>(last - first + 1);
        for (int n = first; n <= last; n++) {
            int start = lineStarts[n - 1];
            int end = n < lineStarts.length ? lineStarts[n] - 1 : text.length();
            lines.add(clip(text, start, end));
        }
        return new FindingDetail.Context(first, lines);
    }

    /** {@code text[start, end)} without its carriage return, at most {@value #MAX_LINE} characters. */
    private static String clip(String text, int start, int end) {
        if (end > start && text.charAt(end - 1) == '\r') {
            end--;
        }
        int stop = Math.min(end, start + MAX_LINE);
        if (stop < end && stop > start && Character.isHighSurrogate(text.charAt(stop - 1))) {
            stop--;
        }
        return text.substring(start, stop);
    }
}
