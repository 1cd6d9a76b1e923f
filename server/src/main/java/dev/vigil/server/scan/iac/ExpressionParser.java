package dev.vigil.server.scan.iac;

import dev.vigil.server.scan.iac.ExpressionLexer.GiveUp;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads the text of a Terraform expression (as {@link HclParser} keeps it) into an {@link Expr}: literals,
 * templates, references, function calls, operators, conditionals, lists and objects. What it does not model,
 * or cannot read, is {@link Expr.Opaque}: never an exception. Linear in the text; nesting is bounded.
 */
final class ExpressionParser {

    private static final int MAX_DEPTH = 64;
    private static final int MAX_OPAQUE_TEXT = 256;

    private final ExpressionLexer in;
    private int depth;

    private ExpressionParser(String src) {
        this.in = new ExpressionLexer(src);
    }

    /** An expression's text. */
    static Expr expression(String text) {
        ExpressionParser parser = new ExpressionParser(text);
        try {
            Expr expr = parser.conditional();
            parser.in.skipSpace();
            return parser.in.position() == text.length() ? expr : opaque(text);
        } catch (GiveUp e) {
            return opaque(text);
        }
    }

    /** The content of a quoted string or heredoc holding {@code ${…}}. */
    static Expr template(String content) {
        ExpressionParser parser = new ExpressionParser(content);
        try {
            return parser.templateUntil((char) 0);
        } catch (GiveUp e) {
            return opaque(content);
        }
    }

    private static Expr.Opaque opaque(String text) {
        return new Expr.Opaque(text.length() <= MAX_OPAQUE_TEXT ? text : text.substring(0, MAX_OPAQUE_TEXT));
    }

    private Expr conditional() {
        enter();
        Expr condition = binary(0);
        in.skipSpace();
        if (in.peek() == '?') {
            in.advance();
            Expr whenTrue = conditional();
            in.expect(':');
            Expr whenFalse = conditional();
            condition = new Expr.Conditional(condition, whenTrue, whenFalse);
        }
        depth--;
        return condition;
    }

    private static final List<List<String>> LEVELS = List.of(List.of("||"), List.of("&&"), List.of("==", "!="),
            List.of("<=", ">=", "<", ">"), List.of("+", "-"), List.of("*", "/", "%"));

    private Expr binary(int level) {
        if (level == LEVELS.size()) {
            return unary();
        }
        Expr left = binary(level + 1);
        while (true) {
            in.skipSpace();
            String operator = in.operator(LEVELS.get(level));
            if (operator == null) {
                return left;
            }
            in.advance(operator.length());
            left = new Expr.Binary(operator, left, binary(level + 1));
        }
    }

    private Expr unary() {
        in.skipSpace();
        char c = in.peek();
        if (c == '!' || (c == '-' && !Character.isDigit(in.peekAt(1)))) {
            enter();
            in.advance();
            Expr operand = unary();
            depth--;
            return new Expr.Unary(String.valueOf(c), operand);
        }
        return postfix(primary());
    }

    /** The steps after a primary: a reference's steps are gathered into one traversal. */
    private Expr postfix(Expr target) {
        List<Expr.Step> steps = target instanceof Expr.Traversal ? new ArrayList<>() : null;
        while (true) {
            int before = in.position();
            in.skipSpace();
            Expr.Step step = step();
            if (step == null) {
                in.reset(before);
                return steps == null || steps.isEmpty() ? target
                        : new Expr.Traversal(((Expr.Traversal) target).root(), List.copyOf(steps));
            }
            if (steps != null) {
                steps.add(step);
            } else {
                target = new Expr.Access(target, step);
            }
        }
    }

    /** A traversal step, or null; a splat gives up. */
    private Expr.Step step() {
        if (in.peek() == '.' && in.peekAt(1) != '.') {
            in.advance();
            in.skipSpace();
            if (in.peek() == '*') {
                throw new GiveUp();
            }
            if (Character.isDigit(in.peek())) {
                return new Expr.Index(new Expr.Literal(Node.literal(in.digits(), 1)));
            }
            return new Expr.Attribute(in.identifier());
        }
        if (in.peek() == '[') {
            in.advance();
            in.skipSpace();
            if (in.peek() == '*') {
                throw new GiveUp();
            }
            Expr key = conditional();
            in.expect(']');
            return new Expr.Index(key);
        }
        return null;
    }

    private Expr primary() {
        in.skipSpace();
        char c = in.peek();
        if (c == '"') {
            in.advance();
            Expr string = templateUntil('"');
            in.advance();
            return string;
        }
        if (Character.isDigit(c) || c == '-') {
            return new Expr.Literal(Node.literal(in.number(), 1));
        }
        if (c == '(') {
            in.advance();
            Expr inner = conditional();
            in.expect(')');
            return inner;
        }
        if (c == '[') {
            return list();
        }
        if (c == '{') {
            return object();
        }
        if (ExpressionLexer.isIdentStart(c)) {
            String word = in.identifier();
            switch (word) {
                case "true", "false" -> {
                    return new Expr.Literal(Node.literal(word, 1));
                }
                case "null" -> {
                    return new Expr.Literal(Node.literal(null, 1));
                }
                default -> {
                }
            }
            in.skipSpace();
            if (in.peek() == '(') {
                in.advance();
                return new Expr.Call(word, arguments());
            }
            return new Expr.Traversal(word, List.of());
        }
        throw new GiveUp();
    }

    private List<Expr> arguments() {
        enter();
        List<Expr> args = new ArrayList<>();
        in.skipSpace();
        while (in.peek() != ')') {
            args.add(conditional());
            in.skipSpace();
            if (in.startsWith("...")) {
                throw new GiveUp();
            }
            if (in.peek() == ',') {
                in.advance();
                in.skipSpace();
            } else if (in.peek() != ')') {
                throw new GiveUp();
            }
        }
        in.advance();
        depth--;
        return args;
    }

    private Expr list() {
        enter();
        in.advance();
        in.skipSpace();
        if (in.startsWithWord("for")) {
            throw new GiveUp();
        }
        List<Expr> items = new ArrayList<>();
        while (in.peek() != ']') {
            items.add(conditional());
            in.skipSpace();
            if (in.peek() == ',') {
                in.advance();
                in.skipSpace();
            } else if (in.peek() != ']') {
                throw new GiveUp();
            }
        }
        in.advance();
        depth--;
        return new Expr.ListOf(items);
    }

    private Expr object() {
        enter();
        in.advance();
        in.skipSpace();
        if (in.startsWithWord("for")) {
            throw new GiveUp();
        }
        List<Expr> keys = new ArrayList<>();
        List<Expr> values = new ArrayList<>();
        while (in.peek() != '}') {
            Expr key = conditional();
            if (key instanceof Expr.Traversal(String root, List<Expr.Step> steps) && steps.isEmpty()) {
                key = new Expr.Literal(Node.literal(root, 1));
            }
            in.skipSpace();
            if (in.peek() != '=' && in.peek() != ':') {
                throw new GiveUp();
            }
            in.advance();
            keys.add(key);
            values.add(conditional());
            in.skipSpace();
            if (in.peek() == ',') {
                in.advance();
                in.skipSpace();
            } else if (in.peek() != '}' && !ExpressionLexer.isIdentStart(in.peek()) && in.peek() != '"') {
                throw new GiveUp();
            }
        }
        in.advance();
        depth--;
        return new Expr.ObjectOf(keys, values);
    }

    /**
     * Literal text and {@code ${…}} parts up to {@code end} (a quote, or 0 for the end of the text); a
     * directive ({@code %{…}}) gives up; a doubled sign before a brace is the sign and the brace, as
     * Terraform escapes them. Backslash escapes are read only inside quotes: a kept template is unescaped.
     */
    private Expr templateUntil(char end) {
        enter();
        List<Object> parts = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        while (true) {
            if (in.atEnd()) {
                if (end != 0) {
                    throw new GiveUp();
                }
                break;
            }
            char c = in.peek();
            if (c == end) {
                break;
            }
            if (c == '\\' && end != 0 && in.has(1)) {
                text.append(switch (in.peekAt(1)) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    case 'r' -> '\r';
                    default -> in.peekAt(1);
                });
                in.advance(2);
            } else if ((c == '$' || c == '%') && in.peekAt(1) == c && in.peekAt(2) == '{') {
                text.append(c).append('{');
                in.advance(3);
            } else if (c == '%' && in.peekAt(1) == '{') {
                throw new GiveUp();
            } else if (c == '$' && in.peekAt(1) == '{') {
                in.advance(2);
                if (!text.isEmpty()) {
                    parts.add(text.toString());
                    text.setLength(0);
                }
                parts.add(conditional());
                in.skipSpace();
                if (in.peek() == '~') {
                    in.advance();
                    in.skipSpace();
                }
                in.expect('}');
            } else {
                text.append(c);
                in.advance();
            }
        }
        depth--;
        if (parts.isEmpty()) {
            return new Expr.Literal(Node.literal(text.toString(), 1));
        }
        if (!text.isEmpty()) {
            parts.add(text.toString());
        }
        return new Expr.Template(parts);
    }

    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw new GiveUp();
        }
    }
}
