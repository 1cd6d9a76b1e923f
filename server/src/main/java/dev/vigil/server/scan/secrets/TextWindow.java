package dev.vigil.server.scan.secrets;

/** A reusable view of a region of a text, so that scanning a region copies nothing. */
final class TextWindow implements CharSequence {

    private CharSequence text = "";
    private int offset;
    private int length;

    TextWindow set(CharSequence text, int start, int end) {
        this.text = text;
        this.offset = start;
        this.length = end - start;
        return this;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(int index) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException(index);
        }
        return text.charAt(offset + index);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        if (start < 0 || end > length || start > end) {
            throw new IndexOutOfBoundsException(start);
        }
        return text.subSequence(offset + start, offset + end);
    }

    /** Deliberately not the text: a window may hold a secret. */
    @Override
    public String toString() {
        return "TextWindow[" + offset + "+" + length + "]";
    }
}
