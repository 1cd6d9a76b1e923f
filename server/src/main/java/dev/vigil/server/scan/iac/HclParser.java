package dev.vigil.server.scan.iac;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A recursive-descent reader of HCL 2 native syntax: blocks, attributes, nested blocks, lists, objects,
 * heredocs and comments, each with its line. Literal strings, numbers, booleans, lists and objects become
 * literal nodes; anything else (references, function calls, operators, templates with {@code ${…}}) is kept
 * as expression text and never evaluated. Linear in the input; nesting is bounded.
 */
final class HclParser {

    private final HclLexer in;

    private HclParser(String src) {
        this.in = new HclLexer(src);
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
        in.skipBlank();
        while (!in.atEnd()) {
            int line = in.line();
            String type = in.identifier();
            in.skipInline();
            if (in.peek() == '=') {
                in.advance();
                attributes.put(type, value());
            } else {
                List<String> labels = new ArrayList<>();
                Node body = blockRest(labels, line);
                blocks.add(new HclBlock(type, labels, line, body));
            }
            endOfItem();
            in.skipBlank();
        }
    }

    /** One value, such as the object inside {@code jsonencode(…)}: a literal tree where possible. */
    static Node parseValue(String text) {
        HclParser parser = new HclParser(text);
        parser.in.skipBlank();
        return parser.value();
    }

    private Node blockRest(List<String> labels, int line) {
        while (in.peek() != '{') {
            char c = in.peek();
            if (c == '"') {
                labels.add(in.stringLiteral().text());
            } else if (HclLexer.isIdentStart(c)) {
                labels.add(in.identifier());
            } else {
                throw in.error("expected a block label or '{'");
            }
            in.skipInline();
        }
        in.advance();
        Node body = Node.map(line);
        in.enter();
        body(body);
        in.leave();
        return body;
    }

    private void body(Node body) {
        in.skipBlank();
        while (in.peek() != '}') {
            if (in.atEnd()) {
                throw in.error("unclosed block");
            }
            int line = in.line();
            String name = in.identifier();
            in.skipInline();
            if (in.peek() == '=' && in.peekAt(1) != '=') {
                in.advance();
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
            in.skipBlank();
        }
        in.advance();
    }

    private void endOfItem() {
        in.skipInline();
        if (in.isCommentStart()) {
            in.skipComment();
        }
        char c = in.peek();
        if (c != '\n' && c != '}' && c != '\r' && !in.atEnd()) {
            throw in.error("unexpected '" + c + "'");
        }
    }

    private Node value() {
        in.skipInline();
        int start = in.position();
        Node literal = primary();
        in.skipInline();
        char c = in.peek();
        if (literal != null && (c == '\n' || c == '\r' || c == ',' || c == '}' || c == ']' || c == ')'
                || in.atEnd() || in.isCommentStart())) {
            return literal;
        }
        in.reset(start);
        return in.rawExpression();
    }

    /** A literal value, or null when the value is not a literal (the caller rescans it as an expression). */
    private Node primary() {
        int line = in.line();
        char c = in.peek();
        if (c == '"') {
            return in.stringLiteral();
        }
        if (c == '<' && in.peekAt(1) == '<') {
            return in.heredoc();
        }
        if (c == '[') {
            return list(line);
        }
        if (c == '{') {
            return object(line);
        }
        if (c == '-' || Character.isDigit(c)) {
            return in.number(line);
        }
        if (HclLexer.isIdentStart(c)) {
            String word = in.identifier();
            return switch (word.toLowerCase(Locale.ROOT)) {
                case "true", "false" -> Node.literal(word.toLowerCase(Locale.ROOT), line);
                case "null" -> Node.literal(null, line);
                default -> null;
            };
        }
        return null;
    }

    private Node list(int line) {
        in.enter();
        in.advance();
        Node list = Node.list(line);
        in.skipBlankAndCommas();
        while (in.peek() != ']') {
            if (in.atEnd()) {
                throw in.error("unclosed list");
            }
            list.add(value());
            in.skipBlankAndCommas();
        }
        in.advance();
        in.leave();
        return list;
    }

    private Node object(int line) {
        in.enter();
        in.advance();
        Node map = Node.map(line);
        in.skipBlankAndCommas();
        while (in.peek() != '}') {
            if (in.atEnd()) {
                throw in.error("unclosed object");
            }
            String key;
            if (in.peek() == '"') {
                key = in.stringLiteral().text();
            } else if (HclLexer.isIdentStart(in.peek())) {
                key = in.identifier();
            } else {
                in.leave();
                return null;
            }
            in.skipInline();
            if (in.peek() != '=' && in.peek() != ':') {
                in.leave();
                return null;
            }
            in.advance();
            map.put(key, value());
            in.skipBlankAndCommas();
        }
        in.advance();
        in.leave();
        return map;
    }
}
