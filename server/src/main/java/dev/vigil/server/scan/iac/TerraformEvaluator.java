package dev.vigil.server.scan.iac;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import static dev.vigil.server.scan.iac.TerraformValues.ERROR;
import static dev.vigil.server.scan.iac.TerraformValues.isError;
import static dev.vigil.server.scan.iac.TerraformValues.isKnownScalar;
import static dev.vigil.server.scan.iac.TerraformValues.isUnknown;
import static dev.vigil.server.scan.iac.TerraformValues.unknown;

/**
 * Evaluates Terraform expressions in a module instance: variables, locals, module outputs, iterators,
 * templates, operators and {@link TerraformFunctions}. A reference to a resource, a data source or anything
 * else it cannot know is an unknown value that keeps the reference's text. Every step spends the scan's
 * {@link EvaluationBudget}; a spent budget or a nesting too deep gives unknown values, never an exception.
 */
final class TerraformEvaluator {

    private final EvaluationBudget budget;
    private final Map<Node, Expr> parsed = new IdentityHashMap<>();

    TerraformEvaluator(EvaluationBudget budget) {
        this.budget = budget;
    }

    EvaluationBudget budget() {
        return budget;
    }

    /**
     * The value of an attribute as written (a literal is itself; a list or object is evaluated item by item),
     * or an unknown or {@link TerraformValues#ERROR}.
     */
    Node value(Node source, ModuleInstance scope, Iterators iterators) {
        if (!budget.spend(1) || !budget.enter()) {
            return unknown("…");
        }
        try {
            return switch (source.kind()) {
                case SCALAR -> source.isExpression() ? evaluate(expression(source), scope, iterators) : source;
                case LIST -> {
                    Node list = Node.list(source.line());
                    for (Node item : source.items()) {
                        Node value = value(item, scope, iterators);
                        if (isError(value)) {
                            yield ERROR;
                        }
                        list.add(value);
                    }
                    yield list;
                }
                case MAP -> {
                    Node map = Node.map(source.line());
                    for (var field : source.fields().entrySet()) {
                        Node value = value(field.getValue(), scope, iterators);
                        if (isError(value)) {
                            yield ERROR;
                        }
                        map.put(field.getKey(), value);
                    }
                    yield map;
                }
            };
        } finally {
            budget.exit();
        }
    }

    /** The expression of an expression node, read once per node. */
    Expr expression(Node source) {
        return parsed.computeIfAbsent(source, node -> node.isTemplate() ? ExpressionParser.template(node.text())
                : ExpressionParser.expression(node.text()));
    }

    Node evaluate(Expr expr, ModuleInstance scope, Iterators iterators) {
        if (!budget.spend(1) || !budget.enter()) {
            return unknown("…");
        }
        try {
            return switch (expr) {
                case Expr.Literal(Node value) -> value;
                case Expr.Opaque(String text) -> unknown(text);
                case Expr.Template(List<Object> parts) -> template(parts, scope, iterators);
                case Expr.Traversal traversal -> traversal(traversal, scope, iterators);
                case Expr.Access(Expr target, Expr.Step step) -> step(evaluate(target, scope, iterators), step, scope,
                        iterators);
                case Expr.Call(String name, List<Expr> args) -> call(name, args, scope, iterators);
                case Expr.Unary(String operator, Expr operand) -> unary(operator, evaluate(operand, scope, iterators));
                case Expr.Binary binary -> binary(binary, scope, iterators);
                case Expr.Conditional(Expr condition, Expr whenTrue, Expr whenFalse) -> {
                    Node test = evaluate(condition, scope, iterators);
                    Boolean bool = TerraformValues.bool(test);
                    yield bool == null ? (isError(test) || isKnownScalar(test) ? ERROR : unknown("…"))
                            : evaluate(bool ? whenTrue : whenFalse, scope, iterators);
                }
                case Expr.ListOf(List<Expr> items) -> {
                    Node list = Node.list(1);
                    for (Expr item : items) {
                        Node value = evaluate(item, scope, iterators);
                        if (isError(value)) {
                            yield ERROR;
                        }
                        list.add(value);
                    }
                    yield list;
                }
                case Expr.ObjectOf(List<Expr> keys, List<Expr> values) -> object(keys, values, scope, iterators);
            };
        } finally {
            budget.exit();
        }
    }

    private Node template(List<Object> parts, ModuleInstance scope, Iterators iterators) {
        StringBuilder out = new StringBuilder();
        for (Object part : parts) {
            if (part instanceof String text) {
                out.append(text);
                continue;
            }
            Node value = evaluate((Expr) part, scope, iterators);
            if (isError(value) || !value.isScalar() || value.isNull()) {
                return isError(value) || !isUnknown(value) ? ERROR : value;
            }
            if (isUnknown(value)) {
                return unknown("…");
            }
            out.append(value.text());
            if (out.length() > TerraformValues.MAX_STRING) {
                return unknown("…");
            }
        }
        return budget.spend(out.length() / 32) ? Node.literal(out.toString(), 1) : unknown("…");
    }

    private Node traversal(Expr.Traversal traversal, ModuleInstance scope, Iterators iterators) {
        String root = traversal.root();
        List<Expr.Step> steps = traversal.steps();
        String first = steps.isEmpty() || !(steps.getFirst() instanceof Expr.Attribute(String name)) ? null : name;
        Node value;
        int used = 1;
        Iterators iterator = iterators.find(root);
        if (first == null) {
            value = unknown(root);
            used = 0;
        } else if (iterator != null && (first.equals("key") || first.equals("value") || first.equals("index"))) {
            Node iterated = first.equals("value") ? iterator.value() : iterator.key();
            value = iterated == null ? ERROR : iterated;
        } else {
            value = switch (root) {
                case "var" -> scope.variable(first);
                case "local" -> scope.local(first);
                case "module" -> {
                    int next = 1;
                    while (next < steps.size() && steps.get(next) instanceof Expr.Index) {
                        next++;
                    }
                    if (next < steps.size() && steps.get(next) instanceof Expr.Attribute(String output)) {
                        used = next + 1;
                        yield scope.output(first, output);
                    }
                    used = steps.size();
                    yield unknown("module." + first);
                }
                case "count", "each" -> unknown(root + "." + first);
                default -> {
                    used = 0;
                    yield unknown(root);
                }
            };
        }
        for (Expr.Step step : steps.subList(used, steps.size())) {
            value = step(value, step, scope, iterators);
        }
        return value;
    }

    private Node step(Node value, Expr.Step step, ModuleInstance scope, Iterators iterators) {
        if (isError(value)) {
            return ERROR;
        }
        if (step instanceof Expr.Attribute(String name)) {
            if (isUnknown(value)) {
                return unknown(value.text() + "." + name);
            }
            Node field = value.isMap() ? value.fields().get(name) : null;
            return field == null ? ERROR : field;
        }
        Node key = evaluate(((Expr.Index) step).key(), scope, iterators);
        if (isError(key)) {
            return ERROR;
        }
        if (isUnknown(value) || isUnknown(key)) {
            return unknown(value.text() + "[" + (isUnknown(key) ? "?" : key.text()) + "]");
        }
        if (value.isList()) {
            BigDecimal index = TerraformValues.number(key);
            if (index == null || index.signum() < 0 || index.compareTo(BigDecimal.valueOf(value.items().size())) >= 0) {
                return ERROR;
            }
            return value.items().get(index.intValue());
        }
        Node field = value.isMap() && isKnownScalar(key) ? value.fields().get(key.text()) : null;
        return field == null ? ERROR : field;
    }

    private Node call(String name, List<Expr> args, ModuleInstance scope, Iterators iterators) {
        if (name.equals("try")) {
            for (Expr arg : args) {
                Node value = evaluate(arg, scope, iterators);
                if (!isError(value)) {
                    return value;
                }
            }
            return ERROR;
        }
        if (name.equals("can")) {
            Node value = args.size() == 1 ? evaluate(args.getFirst(), scope, iterators) : ERROR;
            return isError(value) ? TerraformValues.bool(false) : isUnknown(value) ? value : TerraformValues.bool(true);
        }
        List<Node> values = new ArrayList<>(args.size());
        for (Expr arg : args) {
            Node value = evaluate(arg, scope, iterators);
            if (isError(value)) {
                return ERROR;
            }
            values.add(value);
        }
        return TerraformFunctions.call(name, values, budget);
    }

    private static Node unary(String operator, Node operand) {
        if (isError(operand) || isUnknown(operand)) {
            return operand;
        }
        if (operator.equals("!")) {
            Boolean bool = TerraformValues.bool(operand);
            return bool == null ? ERROR : TerraformValues.bool(!bool);
        }
        BigDecimal number = TerraformValues.number(operand);
        return number == null ? ERROR : TerraformValues.number(number.negate());
    }

    private Node binary(Expr.Binary binary, ModuleInstance scope, Iterators iterators) {
        String operator = binary.operator();
        Node left = evaluate(binary.left(), scope, iterators);
        if (isError(left)) {
            return ERROR;
        }
        Boolean leftBool = TerraformValues.bool(left);
        if (leftBool != null && (operator.equals("&&") && !leftBool || operator.equals("||") && leftBool)) {
            return left;
        }
        Node right = evaluate(binary.right(), scope, iterators);
        if (isError(right)) {
            return ERROR;
        }
        return switch (operator) {
            case "&&", "||" -> {
                Boolean rightBool = TerraformValues.bool(right);
                if (rightBool != null && (operator.equals("&&") ? !rightBool : rightBool)) {
                    yield right;
                }
                yield isUnknown(left) || isUnknown(right) ? unknown("…")
                        : leftBool == null || rightBool == null ? ERROR : right;
            }
            case "==", "!=" -> {
                if (!TerraformValues.isWhollyKnown(left, budget) || !TerraformValues.isWhollyKnown(right, budget)) {
                    yield unknown("…");
                }
                yield TerraformValues.bool(TerraformValues.same(left, right) == operator.equals("=="));
            }
            default -> arithmetic(operator, left, right);
        };
    }

    private static Node arithmetic(String operator, Node left, Node right) {
        if (isUnknown(left) || isUnknown(right)) {
            return unknown("…");
        }
        BigDecimal a = TerraformValues.number(left);
        BigDecimal b = TerraformValues.number(right);
        if (a == null || b == null) {
            return ERROR;
        }
        try {
            return arithmetic(operator, a, b);
        } catch (ArithmeticException e) {
            return unknown("…");
        }
    }

    private static Node arithmetic(String operator, BigDecimal a, BigDecimal b) {
        return switch (operator) {
            case "<" -> TerraformValues.bool(a.compareTo(b) < 0);
            case ">" -> TerraformValues.bool(a.compareTo(b) > 0);
            case "<=" -> TerraformValues.bool(a.compareTo(b) <= 0);
            case ">=" -> TerraformValues.bool(a.compareTo(b) >= 0);
            case "+" -> TerraformValues.number(a.add(b, MathContext.DECIMAL64));
            case "-" -> TerraformValues.number(a.subtract(b, MathContext.DECIMAL64));
            case "*" -> TerraformValues.number(a.multiply(b, MathContext.DECIMAL64));
            case "/" -> b.signum() == 0 ? ERROR : TerraformValues.number(a.divide(b, MathContext.DECIMAL64));
            case "%" -> b.signum() == 0 ? ERROR : TerraformValues.number(a.remainder(b, MathContext.DECIMAL64));
            default -> ERROR;
        };
    }

    private Node object(List<Expr> keys, List<Expr> values, ModuleInstance scope, Iterators iterators) {
        Node map = Node.map(1);
        for (int i = 0; i < keys.size(); i++) {
            Node key = evaluate(keys.get(i), scope, iterators);
            Node value = evaluate(values.get(i), scope, iterators);
            if (isError(key) || isError(value)) {
                return ERROR;
            }
            if (!isKnownScalar(key) || key.isNull()) {
                return unknown("…");
            }
            map.put(key.text(), value);
        }
        return map;
    }
}
