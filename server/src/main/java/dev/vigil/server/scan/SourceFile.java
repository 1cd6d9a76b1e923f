package dev.vigil.server.scan;

import dev.vigil.model.FindingDetail;

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
    private final SecretMasking masking;
    private String text;
    private int[] lineStarts;
    private String maskedText;
    private int[] maskedLineStarts;

    public SourceFile(String path, byte[] content) {
        this(path, content, null);
    }

    private SourceFile(String path, byte[] content, SecretMasking masking) {
        this.path = path;
        this.content = content;
        this.masking = masking;
    }

    /** This file, whose {@link #context} masks secrets with {@code masking}; without one it keeps no context. */
    public SourceFile withSecretMasking(SecretMasking masking) {
        return new SourceFile(path, content, masking);
    }

    /** The same file with caches of its own (its decoded text, its lines), for another thread to read. */
    public SourceFile copy() {
        return new SourceFile(path, content, masking);
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

    /**
     * The lines around 1-based {@code line} ({@link CodeContext}) with every secret masked; null for a binary
     * file, a line the file does not have, or a file without a {@link SecretMasking}. The masked text is
     * computed once, when a finding first asks for it.
     */
    public FindingDetail.Context context(int line) {
        if (masking == null) {
            return null;
        }
        if (maskedLineStarts == null) {
            mask();
        }
        return maskedLineStarts.length == 0 ? null : CodeContext.around(maskedText, maskedLineStarts, line);
    }

    /** Masks once; a masking that fails or moves a line keeps no context for this file. */
    private void mask() {
        maskedLineStarts = new int[0];
        if (isBinary()) {  // decided once per file, not once per finding
            return;
        }
        try {
            String masked = masking.masked(this);
            int[] starts = computeLineStarts(masked);
            if (lineStarts == null) {
                lineStarts = computeLineStarts(text());
            }
            if (starts.length == lineStarts.length) {
                maskedText = masked;
                maskedLineStarts = starts;
            }
        } catch (RuntimeException e) {
            // no context rather than no finding: the engine goes on
        }
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
