package dev.vigil.server.scan;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One regular file of an uploaded archive, read into memory (bounded by the archive limits). The path is
 * relative, normalised, uses {@code /} and never starts with {@code /} or contains {@code ..}.
 */
public final class SourceFile {

    private static final int BINARY_SNIFF_BYTES = 8000;

    private final String path;
    private final byte[] content;
    private String text;
    private int[] lineStarts;

    public SourceFile(String path, byte[] content) {
        this.path = path;
        this.content = content;
    }

    public String path() {
        return path;
    }

    /** The raw bytes; callers must not modify them. */
    public byte[] content() {
        return content;
    }

    public int size() {
        return content.length;
    }

    /** The file name: the last segment of the path. */
    public String name() {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** A file with a NUL byte in its first 8,000 bytes is binary, as git decides. */
    public boolean isBinary() {
        int end = Math.min(content.length, BINARY_SNIFF_BYTES);
        for (int i = 0; i < end; i++) {
            if (content[i] == 0) {
                return true;
            }
        }
        return false;
    }

    /** The content decoded as UTF-8 (malformed bytes replaced), computed once. */
    public String text() {
        if (text == null) {
            text = new String(content, StandardCharsets.UTF_8);
        }
        return text;
    }

    /** The 1-based line of a character offset into {@link #text()}. */
    public int lineOf(int charOffset) {
        if (lineStarts == null) {
            lineStarts = computeLineStarts(text());
        }
        int index = Arrays.binarySearch(lineStarts, charOffset);
        return index >= 0 ? index + 1 : -index - 1;
    }

    private static int[] computeLineStarts(String text) {
        int count = 1;
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
            count++;
        }
        int[] starts = new int[count];
        int line = 1;
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
            starts[line++] = i + 1;
        }
        return starts;
    }
}
