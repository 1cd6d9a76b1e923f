package dev.vigil.server.scan.iac;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * Values as {@link TerraformEvaluator} makes them: a known value is a literal {@link Node} tree; an unknown
 * one is an expression node whose text says what it stands for ({@code aws_s3_bucket.b.id}); an error (a
 * missing key, a bad conversion) is {@link #ERROR}, which only {@code try} and {@code can} look at.
 */
final class TerraformValues {

    static final Node ERROR = Node.expression("error", 0);
    /** The longest text a reference keeps: a longer one stands for nothing a rule could link. */
    static final int MAX_REFERENCE = 256;
    /** The longest string evaluation makes; a longer one is unknown. */
    static final int MAX_STRING = 1 << 16;
    /** The deepest a value is looked into; a deeper one is unknown. */
    static final int MAX_NESTING = 100;

    private TerraformValues() {
    }

    static Node unknown(String text) {
        return Node.expression(text.length() <= MAX_REFERENCE ? text : "…", 1);
    }

    static boolean isError(Node value) {
        return value == ERROR;
    }

    /** Unknown, or an error. */
    static boolean isUnknown(Node value) {
        return value.isScalar() && value.isExpression();
    }

    static boolean isKnownScalar(Node value) {
        return value.isScalar() && !value.isExpression();
    }

    /** The number a known scalar holds, or null. */
    static BigDecimal number(Node value) {
        if (!isKnownScalar(value) || value.isNull() || value.text().length() > 64) {
            return null;
        }
        try {
            return new BigDecimal(value.text().strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    static Node number(BigDecimal number) {
        BigDecimal plain = number.stripTrailingZeros();
        if (Math.abs(plain.scale()) > 30) {
            return Node.literal(plain.toString(), 1);
        }
        return Node.literal(plain.scale() < 0 ? plain.setScale(0).toPlainString() : plain.toPlainString(), 1);
    }

    /** The boolean a known scalar holds ({@code true}, {@code "false"}), or null. */
    static Boolean bool(Node value) {
        if (!isKnownScalar(value) || value.isNull()) {
            return null;
        }
        return switch (value.text().toLowerCase(Locale.ROOT)) {
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            default -> null;
        };
    }

    static Node bool(boolean value) {
        return Node.literal(String.valueOf(value), 1);
    }

    /** Whether no part of a value is unknown, nor nested too deep to look at; spends a unit per node. */
    static boolean isWhollyKnown(Node value, EvaluationBudget budget) {
        return isWhollyKnown(value, budget, 0);
    }

    private static boolean isWhollyKnown(Node value, EvaluationBudget budget, int depth) {
        if (depth > MAX_NESTING || !budget.spend(1)) {
            return false;
        }
        return switch (value.kind()) {
            case SCALAR -> !value.isExpression();
            case LIST -> value.items().stream().allMatch(item -> isWhollyKnown(item, budget, depth + 1));
            case MAP -> value.fields().values().stream().allMatch(item -> isWhollyKnown(item, budget, depth + 1));
        };
    }

    /** Whether two wholly known values are equal (scalars by text, numbers by value). */
    static boolean same(Node a, Node b) {
        if (a.kind() != b.kind()) {
            return false;
        }
        return switch (a.kind()) {
            case SCALAR -> {
                BigDecimal x = number(a);
                BigDecimal y = number(b);
                yield x != null && y != null ? x.compareTo(y) == 0 : a.isNull() == b.isNull() && a.text().equals(b.text());
            }
            case LIST -> {
                if (a.items().size() != b.items().size()) {
                    yield false;
                }
                for (int i = 0; i < a.items().size(); i++) {
                    if (!same(a.items().get(i), b.items().get(i))) {
                        yield false;
                    }
                }
                yield true;
            }
            case MAP -> a.fields().size() == b.fields().size() && a.fields().entrySet().stream()
                    .allMatch(e -> b.fields().containsKey(e.getKey()) && same(e.getValue(), b.fields().get(e.getKey())));
        };
    }

    /**
     * A copy of a value with every node at {@code line}, spending a unit per node; null once spent or when
     * nested too deep (a value can nest deeper than evaluation did, built a level at a time by locals).
     */
    static Node relocate(Node value, int line, EvaluationBudget budget) {
        return relocate(value, line, budget, 0);
    }

    private static Node relocate(Node value, int line, EvaluationBudget budget, int depth) {
        if (depth > MAX_NESTING || !budget.spend(1)) {
            return null;
        }
        return switch (value.kind()) {
            case SCALAR -> value.isExpression() ? Node.expression(value.text(), line)
                    : Node.literal(value.isNull() ? null : value.text(), line);
            case LIST -> {
                Node copy = Node.list(line);
                for (Node item : value.items()) {
                    Node moved = relocate(item, line, budget, depth + 1);
                    if (moved == null) {
                        yield null;
                    }
                    copy.add(moved);
                }
                yield copy;
            }
            case MAP -> {
                Node copy = Node.map(line);
                for (var field : value.fields().entrySet()) {
                    Node moved = relocate(field.getValue(), line, budget, depth + 1);
                    if (moved == null) {
                        yield null;
                    }
                    copy.put(field.getKey(), moved);
                }
                yield copy;
            }
        };
    }
}
