package dev.vigil.server.scan.secrets;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Where the secrets of one text are, with their masked forms: what {@link SecretMasker} replaces. Overlapping
 * secrets (two rules on one value) are masked as one, with the mask of the first.
 */
final class SecretSpans {

    private record Span(int start, int end, String masked) {
    }

    private final List<Span> spans = new ArrayList<>();

    void add(int start, int end, String masked) {
        spans.add(new Span(start, end, masked));
    }

    /** {@code text} with each secret replaced by its mask and the line breaks it held, so no line moves. */
    String apply(String text) {
        if (spans.isEmpty()) {
            return text;
        }
        spans.sort(Comparator.comparingInt(Span::start));
        StringBuilder out = new StringBuilder(text.length());
        int copied = 0;
        for (int i = 0; i < spans.size(); i++) {
            Span span = spans.get(i);
            int end = span.end();
            while (i + 1 < spans.size() && spans.get(i + 1).start() < end) {
                end = Math.max(end, spans.get(++i).end());
            }
            int start = Math.max(span.start(), copied);
            out.append(text, copied, start).append(span.masked());
            for (int c = start; c < end; c++) {
                if (text.charAt(c) == '\n') {
                    out.append('\n');
                }
            }
            copied = Math.max(copied, end);
        }
        return out.append(text, copied, text.length()).toString();
    }
}
