package dev.vigil.server.scan;

import dev.vigil.model.FindingDetail;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines around a finding: up to {@value #AROUND} lines before and after it, each clipped to
 * {@value #MAX_LINE} characters, taken from text whose secrets are already masked. A long token that mixes
 * letters and digits is masked too ({@link #LONG_TOKEN}): it may be a secret no rule knows, such as an AWS
 * secret key without its name, and the context is stored.
 */
public final class CodeContext {

    public static final int AROUND = 3;
    public static final int MAX_LINE = 300;
    /** 32 or more characters of a token alphabet (base64, hex, URL-safe): masked when letters and digits mix. */
    static final Pattern LONG_TOKEN = Pattern.compile("[A-Za-z0-9+/_-]{32,}+");
    /** What a token crossing the clip still shows of itself, enough to be recognised as a token. */
    private static final int CLIP_LOOKAHEAD = 256;

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

    /** {@code text[start, end)} without its carriage return, long tokens masked, at most {@value #MAX_LINE} characters. */
    private static String clip(String text, int start, int end) {
        if (end > start && text.charAt(end - 1) == '\r') {
            end--;
        }
        String line = maskLongTokens(text.substring(start, Math.min(end, start + MAX_LINE + CLIP_LOOKAHEAD)));
        int stop = Math.min(line.length(), MAX_LINE);
        if (stop < line.length() && stop > 0 && Character.isHighSurrogate(line.charAt(stop - 1))) {
            stop--;
        }
        return line.substring(0, stop);
    }

    static String maskLongTokens(String line) {
        Matcher token = LONG_TOKEN.matcher(line);
        StringBuilder masked = null;
        int copied = 0;
        while (token.find()) {
            if (mixesLettersAndDigits(token.group())) {
                masked = masked == null ? new StringBuilder(line.length()) : masked;
                masked.append(line, copied, token.start() + 4).append("****");
                copied = token.end();
            }
        }
        return masked == null ? line : masked.append(line, copied, line.length()).toString();
    }

    private static boolean mixesLettersAndDigits(String token) {
        return token.chars().anyMatch(Character::isDigit) && token.chars().anyMatch(Character::isLetter);
    }
}
