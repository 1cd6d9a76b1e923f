package dev.vigil.server.scan.iac;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The characters of an HCL file as {@link HclParser} reads them: the position and its line, blanks and
 * comments, identifiers, numbers, quoted strings, heredocs and expressions kept as text, and the nesting bound
 * that the parser and these reads share.
 */
final class HclLexer {

    private static final int MAX_DEPTH = 100;
    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?");

    private final String src;
    private final int[] lineStarts;
    private int pos;
    private int depth;

    HclLexer(String src) {
        this.src = src;
        this.lineStarts = lineStarts(src);
    }

    /** A quoted string: a literal, or an expression when it holds an interpolation or a directive. */
    Node stringLiteral() {
        int line = line();
        pos++;
        StringBuilder out = new StringBuilder();
        boolean template = false;
        while (true) {
            if (pos >= src.length() || peek() == '\n') {
                throw error("unterminated string");
            }
            char c = src.charAt(pos);
            if (c == '"') {
                pos++;
                break;
            }
            if (c == '\\' && pos + 1 < src.length()) {
                out.append(unescape(src.charAt(pos + 1)));
                pos += 2;
            } else if ((c == '$' || c == '%') && peekAt(1) == '{') {
                template = true;
                int start = pos;
                pos += 2;
                skipNested('}');
                out.append(src, start, pos);
            } else {
                out.append(c);
                pos++;
            }
        }
        String text = out.toString();
        if (!template) {
            return Node.literal(text, line);
        }
        if (text.startsWith("${") && text.endsWith("}") && text.indexOf("${", 2) < 0) {
            return Node.expression(text.substring(2, text.length() - 1).strip(), line);
        }
        return Node.template(text, line);
    }

    private static char unescape(char c) {
        return switch (c) {
            case 'n' -> '\n';
            case 't' -> '\t';
            case 'r' -> '\r';
            default -> c;
        };
    }

    Node heredoc() {
        int line = line();
        pos += 2;
        boolean indented = peek() == '-';
        if (indented) {
            pos++;
        }
        String marker = identifier();
        int eol = src.indexOf('\n', pos);
        if (eol < 0) {
            throw error("unterminated heredoc");
        }
        pos = eol + 1;
        List<String> lines = new ArrayList<>();
        while (true) {
            if (pos >= src.length()) {
                throw new IacParseException("unterminated heredoc", line);
            }
            int end = src.indexOf('\n', pos);
            end = end < 0 ? src.length() : end;
            String text = src.substring(pos, end);
            pos = end;
            if (text.strip().equals(marker)) {
                break;
            }
            lines.add(text);
            pos = Math.min(src.length(), pos + 1);
        }
        if (indented) {
            int indent = lines.stream().filter(l -> !l.isBlank())
                    .mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
            lines = lines.stream().map(l -> l.length() >= indent ? l.substring(indent) : l.strip()).toList();
        }
        String text = String.join("\n", lines) + "\n";
        return text.contains("${") ? Node.template(text, line) : Node.literal(text, line);
    }

    /** A number starting here as a literal, or null when the word read is no number. */
    Node number(int line) {
        int start = pos;
        pos++;
        while (pos < src.length() && (Character.isLetterOrDigit(peek()) || peek() == '.' || peek() == '_')) {
            pos++;
        }
        String number = src.substring(start, pos);
        return NUMBER.matcher(number).matches() ? Node.literal(number, line) : null;
    }

    /** An expression kept as text: up to the end of line, or a comma or closing bracket, at depth zero. */
    Node rawExpression() {
        int line = line();
        int start = pos;
        enter();
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (c == '\n' || c == ',' || c == '}' || c == ']' || c == ')' || isCommentStart()) {
                break;
            }
            advanceOne(c);
        }
        depth--;
        String text = src.substring(start, pos).strip();
        if (text.isEmpty()) {
            throw error("expected a value");
        }
        return Node.expression(text, line);
    }

    /** Skips past the matching {@code close}, minding strings, heredocs and nested brackets. */
    private void skipNested(char close) {
        enter();
        while (true) {
            if (pos >= src.length()) {
                throw error("missing '" + close + "'");
            }
            char c = src.charAt(pos);
            if (c == close) {
                pos++;
                depth--;
                return;
            }
            if (c == '}' || c == ']' || c == ')') {
                throw error("unbalanced '" + c + "'");
            }
            if (isCommentStart()) {
                skipComment();
            } else {
                advanceOne(c);
            }
        }
    }

    private void advanceOne(char c) {
        switch (c) {
            case '"' -> stringLiteral();
            case '(' -> {
                pos++;
                skipNested(')');
            }
            case '[' -> {
                pos++;
                skipNested(']');
            }
            case '{' -> {
                pos++;
                skipNested('}');
            }
            case '<' -> {
                if (peekAt(1) == '<' && (isIdentStart(peekAt(2)) || peekAt(2) == '-')) {
                    heredoc();
                } else {
                    pos++;
                }
            }
            default -> pos++;
        }
    }

    String identifier() {
        int start = pos;
        if (!isIdentStart(peek())) {
            throw error(pos >= src.length() ? "unexpected end of file" : "unexpected '" + peek() + "'");
        }
        while (pos < src.length() && (Character.isLetterOrDigit(peek()) || peek() == '_' || peek() == '-')) {
            pos++;
        }
        return src.substring(start, pos);
    }

    static boolean isIdentStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    boolean isCommentStart() {
        char c = peek();
        return c == '#' || (c == '/' && (peekAt(1) == '/' || peekAt(1) == '*'));
    }

    void skipComment() {
        if (peek() == '/' && peekAt(1) == '*') {
            int end = src.indexOf("*/", pos + 2);
            if (end < 0) {
                throw error("unclosed comment");
            }
            pos = end + 2;
        } else {
            int end = src.indexOf('\n', pos);
            pos = end < 0 ? src.length() : end;
        }
    }

    /** Skips spaces, tabs, carriage returns and block comments, staying on the line. */
    void skipInline() {
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\r') {
                pos++;
            } else if (c == '/' && peekAt(1) == '*') {
                skipComment();
            } else {
                return;
            }
        }
    }

    /** Skips whitespace, line breaks included, and comments. */
    void skipBlank() {
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (Character.isWhitespace(c)) {
                pos++;
            } else if (isCommentStart()) {
                skipComment();
            } else {
                return;
            }
        }
    }

    void skipBlankAndCommas() {
        skipBlank();
        while (peek() == ',') {
            pos++;
            skipBlank();
        }
    }

    boolean atEnd() {
        return pos >= src.length();
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

    char peek() {
        return pos < src.length() ? src.charAt(pos) : '\0';
    }

    char peekAt(int offset) {
        int at = pos + offset;
        return at < src.length() ? src.charAt(at) : '\0';
    }

    /** One level deeper, failing past the bound that guards against hostile nesting. */
    void enter() {
        if (++depth > MAX_DEPTH) {
            throw error("nesting deeper than " + MAX_DEPTH);
        }
    }

    void leave() {
        depth--;
    }

    IacParseException error(String message) {
        return new IacParseException(message, line());
    }

    int line() {
        int index = Arrays.binarySearch(lineStarts, pos);
        return index >= 0 ? index + 1 : -index - 1;
    }

    private static int[] lineStarts(String text) {
        int[] starts = new int[16];
        int count = 1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                if (count == starts.length) {
                    starts = Arrays.copyOf(starts, count * 2);
                }
                starts[count++] = i + 1;
            }
        }
        return Arrays.copyOf(starts, count);
    }
}
