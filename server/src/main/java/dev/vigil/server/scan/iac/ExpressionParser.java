package dev.vigil.server.scan.iac;

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

    /** Thrown inside the parser to give up: the caller turns it into an opaque expression. */
    private static final class GiveUp extends RuntimeException {
        GiveUp() {
            super(null, null, false, false);
        }
    }

    private final String src;
    private int pos;
    private int depth;

    private ExpressionParser(String src) {
        this.src = src;
    }

    /** An expression's text. */
    static Expr expression(String text) {
        ExpressionParser parser = new ExpressionParser(text);
        try {
            Expr expr = parser.conditional();
            parser.skipSpace();
            return parser.pos == text.length() ? expr : opaque(text);
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
        skipSpace();
        if (peek() == '?') {
            pos++;
            Expr whenTrue = conditional();
            expect(':');
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
            skipSpace();
            String operator = operator(LEVELS.get(level));
            if (operator == null) {
                return left;
            }
            pos += operator.length();
            left = new Expr.Binary(operator, left, binary(level + 1));
        }
    }

    private String operator(List<String> operators) {
        for (String operator : operators) {
            if (src.startsWith(operator, pos) && !(operator.equals("<") && src.startsWith("<<", pos))) {
                return operator;
            }
        }
        return null;
    }

    private Expr unary() {
        skipSpace();
        char c = peek();
        if (c == '!' || (c == '-' && !Character.isDigit(peekAt(1)))) {
            enter();
            pos++;
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
            int before = pos;
            skipSpace();
            Expr.Step step = step();
            if (step == null) {
                pos = before;
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
        if (peek() == '.' && peekAt(1) != '.') {
            pos++;
            skipSpace();
            if (peek() == '*') {
                throw new GiveUp();
            }
            if (Character.isDigit(peek())) {
                int start = pos;
                while (Character.isDigit(peek())) {
                    pos++;
                }
                return new Expr.Index(new Expr.Literal(Node.literal(src.substring(start, pos), 1)));
            }
            return new Expr.Attribute(identifier());
        }
        if (peek() == '[') {
            pos++;
            skipSpace();
            if (peek() == '*') {
                throw new GiveUp();
            }
            Expr key = conditional();
            expect(']');
            return new Expr.Index(key);
        }
        return null;
    }

    private Expr primary() {
        skipSpace();
        char c = peek();
        if (c == '"') {
            pos++;
            Expr string = templateUntil('"');
            pos++;
            return string;
        }
        if (Character.isDigit(c) || c == '-') {
            return number();
        }
        if (c == '(') {
            pos++;
            Expr inner = conditional();
            expect(')');
            return inner;
        }
        if (c == '[') {
            return list();
        }
        if (c == '{') {
            return object();
        }
        if (isIdentStart(c)) {
            String word = identifier();
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
            skipSpace();
            if (peek() == '(') {
                pos++;
                return new Expr.Call(word, arguments());
            }
            return new Expr.Traversal(word, List.of());
        }
        throw new GiveUp();
    }

    private List<Expr> arguments() {
        enter();
        List<Expr> args = new ArrayList<>();
        skipSpace();
        while (peek() != ')') {
            args.add(conditional());
            skipSpace();
            if (src.startsWith("...", pos)) {
                throw new GiveUp();
            }
            if (peek() == ',') {
                pos++;
                skipSpace();
            } else if (peek() != ')') {
                throw new GiveUp();
            }
        }
        pos++;
        depth--;
        return args;
    }

    private Expr list() {
        enter();
        pos++;
        skipSpace();
        if (startsWithWord("for")) {
            throw new GiveUp();
        }
        List<Expr> items = new ArrayList<>();
        while (peek() != ']') {
            items.add(conditional());
            skipSpace();
            if (peek() == ',') {
                pos++;
                skipSpace();
            } else if (peek() != ']') {
                throw new GiveUp();
            }
        }
        pos++;
        depth--;
        return new Expr.ListOf(items);
    }

    private Expr object() {
        enter();
        pos++;
        skipSpace();
        if (startsWithWord("for")) {
            throw new GiveUp();
        }
        List<Expr> keys = new ArrayList<>();
        List<Expr> values = new ArrayList<>();
        while (peek() != '}') {
            Expr key = conditional();
            if (key instanceof Expr.Traversal(String root, List<Expr.Step> steps) && steps.isEmpty()) {
                key = new Expr.Literal(Node.literal(root, 1));
            }
            skipSpace();
            if (peek() != '=' && peek() != ':') {
                throw new GiveUp();
            }
            pos++;
            keys.add(key);
            values.add(conditional());
            skipSpace();
            if (peek() == ',') {
                pos++;
                skipSpace();
            } else if (peek() != '}' && !isIdentStart(peek()) && peek() != '"') {
                throw new GiveUp();
            }
        }
        pos++;
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
            if (pos >= src.length()) {
                if (end != 0) {
                    throw new GiveUp();
                }
                break;
            }
            char c = src.charAt(pos);
            if (c == end) {
                break;
            }
            if (c == '\\' && end != 0 && pos + 1 < src.length()) {
                text.append(switch (src.charAt(pos + 1)) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    case 'r' -> '\r';
                    default -> src.charAt(pos + 1);
                });
                pos += 2;
            } else if ((c == '$' || c == '%') && peekAt(1) == c && peekAt(2) == '{') {
                text.append(c).append('{');
                pos += 3;
            } else if (c == '%' && peekAt(1) == '{') {
                throw new GiveUp();
            } else if (c == '$' && peekAt(1) == '{') {
                pos += 2;
                if (!text.isEmpty()) {
                    parts.add(text.toString());
                    text.setLength(0);
                }
                parts.add(conditional());
                skipSpace();
                if (peek() == '~') {
                    pos++;
                    skipSpace();
                }
                expect('}');
            } else {
                text.append(c);
                pos++;
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

    private Expr number() {
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
        return new Expr.Literal(Node.literal(number, 1));
    }

    private String identifier() {
        if (!isIdentStart(peek())) {
            throw new GiveUp();
        }
        int start = pos;
        while (pos < src.length() && (Character.isLetterOrDigit(peek()) || peek() == '_' || peek() == '-')) {
            pos++;
        }
        return src.substring(start, pos);
    }

    private boolean startsWithWord(String word) {
        return src.startsWith(word, pos) && !Character.isLetterOrDigit(peekAt(word.length()))
                && peekAt(word.length()) != '_';
    }

    private void expect(char c) {
        skipSpace();
        if (peek() != c) {
            throw new GiveUp();
        }
        pos++;
    }

    private void skipSpace() {
        while (pos < src.length() && Character.isWhitespace(src.charAt(pos))) {
            pos++;
        }
    }

    private static boolean isIdentStart(char c) {
        return Character.isLetter(c) || c == '_';
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
            throw new GiveUp();
        }
    }
}
