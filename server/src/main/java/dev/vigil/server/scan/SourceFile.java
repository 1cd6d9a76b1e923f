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
    // computed on first use; engines on lanes of their own share a file, so each is published whole (volatile)
    private String text;
    private volatile int[] lineStarts;
    private volatile Masked masked;

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
        int index = Arrays.binarySearch(lineStarts(), charOffset);
        return index >= 0 ? index + 1 : -index - 1;
    }

    /**
     * The lines around 1-based {@code line} ({@link CodeContext}) with every secret masked; null for a binary
     * file, a line the file does not have, or a file without a {@link SecretMasking}. The masked text is
     * computed once, when a finding first asks for it.
     */
    public FindingDetail.Context context(int line) {
        if (masking == null || isBinary()) {
            return null;
        }
        Masked once = masked;
        if (once == null) {
            once = mask();
            masked = once;
        }
        return once.lineStarts().length == 0 ? null : CodeContext.around(once.text(), once.lineStarts(), line);
    }

    private int[] lineStarts() {
        int[] starts = lineStarts;
        if (starts == null) {
            starts = computeLineStarts(text());
            lineStarts = starts;
        }
        return starts;
    }

    /** Masks the file; a masking that fails or moves a line keeps no context for it. */
    private Masked mask() {
        try {
            String maskedText = masking.masked(this);
            int[] starts = computeLineStarts(maskedText);
            return starts.length == lineStarts().length ? new Masked(maskedText, starts) : Masked.NONE;
        } catch (RuntimeException e) {
            return Masked.NONE; // no context rather than no finding: the engine goes on
        }
    }

    /** The text with its secrets masked and where its lines start; no line starts when there is none. */
    private record Masked(String text, int[] lineStarts) {

        static final Masked NONE = new Masked(null, new int[0]);
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
