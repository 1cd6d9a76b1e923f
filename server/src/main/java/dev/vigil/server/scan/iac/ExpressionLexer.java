package dev.vigil.server.scan.iac;

import java.util.List;

/**
 * The characters of a Terraform expression as {@link ExpressionParser} reads them: the position, spaces,
 * identifiers, numbers, operators and expected punctuation. What it cannot read throws {@link GiveUp}.
 */
final class ExpressionLexer {

    /** Thrown inside the parser to give up: the caller turns it into an opaque expression. */
    static final class GiveUp extends RuntimeException {
        GiveUp() {
            super(null, null, false, false);
        }
    }

    private final String src;
    private int pos;

    ExpressionLexer(String src) {
        this.src = src;
    }

    /** The first of {@code operators} that starts here (a heredoc's {@code <<} is no {@code <}), or null. */
    String operator(List<String> operators) {
        for (String operator : operators) {
            if (src.startsWith(operator, pos) && !(operator.equals("<") && src.startsWith("<<", pos))) {
                return operator;
            }
        }
        return null;
    }

    /** A number's text, checked to be one. */
    String number() {
        int start = pos;
        if (peek() == '-') {
            pos++;
        }
        while (Character.isDigit(peek()) || peek() == '.' || peek() == 'e' || peek() == 'E'
                || ((peek() == '+' || peek() == '-') && (src.charAt(pos - 1) == 'e' || src.charAt(pos - 1) == 'E'))) {
            pos++;
        }
        String number = src.substring(start, pos);
        try {
            Double.parseDouble(number);
        } catch (NumberFormatException e) {
            throw new GiveUp();
        }
        return number;
    }

    /** The digits starting here, possibly none. */
    String digits() {
        int start = pos;
        while (Character.isDigit(peek())) {
            pos++;
        }
        return src.substring(start, pos);
    }

    String identifier() {
        if (!isIdentStart(peek())) {
            throw new GiveUp();
        }
        int start = pos;
        while (pos < src.length() && (Character.isLetterOrDigit(peek()) || peek() == '_' || peek() == '-')) {
            pos++;
        }
        return src.substring(start, pos);
    }

    static boolean isIdentStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    boolean startsWithWord(String word) {
        return src.startsWith(word, pos) && !Character.isLetterOrDigit(peekAt(word.length()))
                && peekAt(word.length()) != '_';
    }

    boolean startsWith(String text) {
        return src.startsWith(text, pos);
    }

    /** Skips spaces, then {@code c}, giving up when another character stands there. */
    void expect(char c) {
        skipSpace();
        if (peek() != c) {
            throw new GiveUp();
        }
        pos++;
    }

    void skipSpace() {
        while (pos < src.length() && Character.isWhitespace(src.charAt(pos))) {
            pos++;
        }
    }

    boolean atEnd() {
        return pos >= src.length();
    }

    /** Whether a character stands {@code offset} places ahead. */
    boolean has(int offset) {
        return pos + offset < src.length();
    }

    int position() {
        return pos;
    }

    void reset(int position) {
        pos = position;
    }

    void advance() {
        pos++;
    }

    void advance(int count) {
        pos += count;
    }

    char peek() {
        return pos < src.length() ? src.charAt(pos) : '\0';
    }

    char peekAt(int offset) {
        int at = pos + offset;
        return at < src.length() ? src.charAt(at) : '\0';
    }
}
