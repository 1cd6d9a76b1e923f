package dev.vigil.server.scan.iac;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A recursive-descent reader of HCL 2 native syntax: blocks, attributes, nested blocks, lists, objects,
 * heredocs and comments, each with its line. Literal strings, numbers, booleans, lists and objects become
 * literal nodes; anything else (references, function calls, operators, templates with {@code ${…}}) is kept
 * as expression text and never evaluated. Linear in the input; nesting is bounded.
 */
final class HclParser {

    private static final int MAX_DEPTH = 100;
    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?");

    private final String src;
    private final int[] lineStarts;
    private int pos;
    private int depth;

    private HclParser(String src) {
        this.src = src;
        this.lineStarts = lineStarts(src);
    }

    /** The top-level blocks of a file; top-level attributes are ignored. */
    static List<HclBlock> parse(String text) {
        List<HclBlock> blocks = new ArrayList<>();
        new HclParser(text).file(blocks, Node.map(1));
        return blocks;
    }

    /** The top-level attributes of a file, such as a {@code terraform.tfvars}; blocks are ignored. */
    static Node attributes(String text) {
        Node attributes = Node.map(1);
        new HclParser(text).file(new ArrayList<>(), attributes);
        return attributes;
    }

    private void file(List<HclBlock> blocks, Node attributes) {
        skipBlank();
        while (pos < src.length()) {
            int line = line();
            String type = identifier();
            skipInline();
            if (peek() == '=') {
                pos++;
                attributes.put(type, value());
            } else {
                List<String> labels = new ArrayList<>();
                Node body = blockRest(labels, line);
                blocks.add(new HclBlock(type, labels, line, body));
            }
            endOfItem();
            skipBlank();
        }
    }

    /** One value, such as the object inside {@code jsonencode(…)}: a literal tree where possible. */
    static Node parseValue(String text) {
        HclParser parser = new HclParser(text);
        parser.skipBlank();
        return parser.value();
    }

    private Node blockRest(List<String> labels, int line) {
        while (peek() != '{') {
            char c = peek();
            if (c == '"') {
                labels.add(stringLiteral().text());
            } else if (isIdentStart(c)) {
                labels.add(identifier());
            } else {
                throw error("expected a block label or '{'");
            }
            skipInline();
        }
        pos++;
        Node body = Node.map(line);
        enter();
        body(body);
        depth--;
        return body;
    }

    private void body(Node body) {
        skipBlank();
        while (peek() != '}') {
            if (pos >= src.length()) {
                throw error("unclosed block");
            }
            int line = line();
            String name = identifier();
            skipInline();
            if (peek() == '=' && peekAt(1) != '=') {
                pos++;
                body.put(name, value());
            } else {
                List<String> labels = new ArrayList<>();
                Node block = blockRest(labels, line);
                if ("dynamic".equals(name) && !labels.isEmpty()) {
                    // a content block; `content = []` (an attribute, found by fuzzing) is no block at all
                    Node content = block.get("content").filter(list -> !list.items().isEmpty())
                            .map(list -> list.items().getFirst()).orElse(block);
                    Node forEach = block.get("for_each").orElse(null);
                    if (forEach != null && content != block) {
                        String iterator = block.get("iterator").filter(Node::isExpression).map(Node::text)
                                .orElse(labels.getFirst());
                        content.markDynamic(forEach, iterator);
                    }
                    body.addBlock(labels.getFirst(), content);
                } else {
                    body.addBlock(name, block);
                }
            }
            endOfItem();
            skipBlank();
        }
        pos++;
    }

    private void endOfItem() {
        skipInline();
        if (isCommentStart()) {
            skipComment();
        }
        char c = peek();
        if (c != '\n' && c != '}' && c != '\r' && pos < src.length()) {
            throw error("unexpected '" + c + "'");
        }
    }

    private Node value() {
        skipInline();
        int start = pos;
        Node literal = primary();
        skipInline();
        char c = peek();
        if (literal != null && (c == '\n' || c == '\r' || c == ',' || c == '}' || c == ']' || c == ')'
                || pos >= src.length() || isCommentStart())) {
            return literal;
        }
        pos = start;
        return rawExpression();
    }

    /** A literal value, or null when the value is not a literal (the caller rescans it as an expression). */
    private Node primary() {
        int line = line();
        char c = peek();
        if (c == '"') {
            return stringLiteral();
        }
        if (c == '<' && peekAt(1) == '<') {
            return heredoc();
        }
        if (c == '[') {
            return list(line);
        }
        if (c == '{') {
            return object(line);
        }
        if (c == '-' || Character.isDigit(c)) {
            int start = pos;
            pos++;
            while (pos < src.length() && (Character.isLetterOrDigit(peek()) || peek() == '.' || peek() == '_')) {
                pos++;
            }
            String number = src.substring(start, pos);
            return NUMBER.matcher(number).matches() ? Node.literal(number, line) : null;
        }
        if (isIdentStart(c)) {
            String word = identifier();
            return switch (word.toLowerCase(Locale.ROOT)) {
                case "true", "false" -> Node.literal(word.toLowerCase(Locale.ROOT), line);
                case "null" -> Node.literal(null, line);
                default -> null;
            };
        }
        return null;
    }

    private Node list(int line) {
        enter();
        pos++;
        Node list = Node.list(line);
        skipBlankAndCommas();
        while (peek() != ']') {
            if (pos >= src.length()) {
                throw error("unclosed list");
            }
            list.add(value());
            skipBlankAndCommas();
        }
        pos++;
        depth--;
        return list;
    }

    private Node object(int line) {
        enter();
        pos++;
        Node map = Node.map(line);
        skipBlankAndCommas();
        while (peek() != '}') {
            if (pos >= src.length()) {
                throw error("unclosed object");
            }
            String key;
            if (peek() == '"') {
                key = stringLiteral().text();
            } else if (isIdentStart(peek())) {
                key = identifier();
            } else {
                depth--;
                return null;
            }
            skipInline();
            if (peek() != '=' && peek() != ':') {
                depth--;
                return null;
            }
            pos++;
            map.put(key, value());
            skipBlankAndCommas();
        }
        pos++;
        depth--;
        return map;
    }

    /** A quoted string: a literal, or an expression when it holds an interpolation or a directive. */
    private Node stringLiteral() {
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

    private Node heredoc() {
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

    /** An expression kept as text: up to the end of line, or a comma or closing bracket, at depth zero. */
    private Node rawExpression() {
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

    private String identifier() {
        int start = pos;
        if (!isIdentStart(peek())) {
            throw error(pos >= src.length() ? "unexpected end of file" : "unexpected '" + peek() + "'");
        }
        while (pos < src.length() && (Character.isLetterOrDigit(peek()) || peek() == '_' || peek() == '-')) {
            pos++;
        }
        return src.substring(start, pos);
    }

    private static boolean isIdentStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    private boolean isCommentStart() {
        char c = peek();
        return c == '#' || (c == '/' && (peekAt(1) == '/' || peekAt(1) == '*'));
    }

    private void skipComment() {
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

    private void skipInline() {
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

    private void skipBlank() {
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

    private void skipBlankAndCommas() {
        skipBlank();
        while (peek() == ',') {
            pos++;
            skipBlank();
        }
    }

    private char peek() {
        return pos < src.length() ? src.charAt(pos) : '\0';
    }

    private char peekAt(int offset) {
        int at = pos + offset;
        return at < src.length() ? src.charAt(at) : '\0';
    }

    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw error("nesting deeper than " + MAX_DEPTH);
        }
    }

    private IacParseException error(String message) {
        return new IacParseException(message, line());
    }

    private int line() {
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
