package dev.vigil.server.scan.iac;

import com.fasterxml.jackson.core.io.JsonStringEncoder;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

import static dev.vigil.server.scan.iac.TerraformValues.ERROR;
import static dev.vigil.server.scan.iac.TerraformValues.isKnownScalar;
import static dev.vigil.server.scan.iac.TerraformValues.isUnknown;
import static dev.vigil.server.scan.iac.TerraformValues.unknown;

/**
 * The Terraform functions real code computes settings with: {@code lower}, {@code upper}, {@code format},
 * {@code concat}, {@code merge}, {@code lookup}, {@code coalesce}, {@code tostring}, {@code tonumber},
 * {@code tobool}, {@code jsonencode}, and a few that are as simple ({@code join}, {@code length},
 * {@code contains}, {@code element}, {@code tolist}, {@code toset}, {@code tomap}, {@code trimspace}).
 * Arguments are evaluated (none is an error); an unknown argument gives an unknown result, as does any other
 * function. {@code try} and {@code can} are the evaluator's: they look at errors.
 */
final class TerraformFunctions {

    private TerraformFunctions() {
    }

    static Node call(String name, List<Node> args, EvaluationBudget budget) {
        return switch (name) {
            case "lower", "upper", "trimspace", "tostring" -> text(name, args);
            case "tonumber" -> one(args, arg -> {
                BigDecimal number = TerraformValues.number(arg);
                return arg.isNull() ? arg : number == null ? ERROR : TerraformValues.number(number);
            });
            case "tobool" -> one(args, arg -> {
                Boolean bool = TerraformValues.bool(arg);
                return arg.isNull() ? arg : bool == null ? ERROR : TerraformValues.bool(bool);
            });
            case "tolist", "toset", "tomap" -> args.size() == 1 ? args.getFirst() : ERROR;
            case "format" -> format(args, budget);
            case "join" -> join(args, budget);
            case "concat" -> concat(args, budget);
            case "merge" -> merge(args, budget);
            case "lookup" -> lookup(args);
            case "coalesce" -> coalesce(args);
            case "length" -> one(args, arg -> arg.isList() ? TerraformValues.number(BigDecimal.valueOf(arg.items().size()))
                    : arg.isMap() ? TerraformValues.number(BigDecimal.valueOf(arg.fields().size()))
                    : isKnownScalar(arg) ? TerraformValues.number(BigDecimal.valueOf(arg.text().length())) : ERROR);
            case "contains" -> contains(args, budget);
            case "element" -> element(args);
            case "jsonencode" -> args.size() == 1 ? JsonText.of(args.getFirst(), budget) : ERROR;
            default -> unknown(name + "(…)");
        };
    }

    private static Node one(List<Node> args, UnaryOperator<Node> function) {
        if (args.size() != 1) {
            return ERROR;
        }
        return isUnknown(args.getFirst()) ? args.getFirst() : function.apply(args.getFirst());
    }

    private static Node text(String name, List<Node> args) {
        return one(args, arg -> {
            if (!arg.isScalar()) {
                return ERROR;
            }
            if (arg.isNull()) {
                return name.equals("tostring") ? arg : ERROR;
            }
            return Node.literal(switch (name) {
                case "lower" -> arg.text().toLowerCase(Locale.ROOT);
                case "upper" -> arg.text().toUpperCase(Locale.ROOT);
                case "trimspace" -> arg.text().strip();
                default -> arg.text();
            }, 1);
        });
    }

    /** {@code %s}, {@code %d}, {@code %v}, {@code %q} and {@code %%}; flags and widths give an unknown. */
    private static Node format(List<Node> args, EvaluationBudget budget) {
        if (args.isEmpty() || !isKnownScalar(args.getFirst())) {
            return args.isEmpty() ? ERROR : unknown("format(…)");
        }
        String spec = args.getFirst().text();
        StringBuilder out = new StringBuilder();
        int next = 1;
        for (int i = 0; i < spec.length(); i++) {
            char c = spec.charAt(i);
            if (c != '%') {
                out.append(c);
                continue;
            }
            char verb = i + 1 < spec.length() ? spec.charAt(++i) : 0;
            if (verb == '%') {
                out.append('%');
                continue;
            }
            if ("sdvq".indexOf(verb) < 0 || verb == 0) {
                return unknown("format(…)");
            }
            if (next >= args.size()) {
                return ERROR;
            }
            Node arg = args.get(next++);
            if (!isKnownScalar(arg) || arg.isNull()) {
                return isUnknown(arg) ? unknown("format(…)") : ERROR;
            }
            if (verb == 'd' && TerraformValues.number(arg) == null) {
                return ERROR;
            }
            out.append(verb == 'q' ? '"' + arg.text() + '"' : arg.text());
            if (out.length() > TerraformValues.MAX_STRING) {
                return unknown("format(…)");
            }
        }
        return budget.spend(1 + out.length() / 32) ? Node.literal(out.toString(), 1) : unknown("format(…)");
    }

    private static Node join(List<Node> args, EvaluationBudget budget) {
        if (args.size() < 2 || !isKnownScalar(args.getFirst())) {
            return args.size() < 2 ? ERROR : unknown("join(…)");
        }
        StringBuilder out = new StringBuilder();
        boolean first = true;
        for (Node list : args.subList(1, args.size())) {
            if (!list.isList()) {
                return isUnknown(list) ? unknown("join(…)") : ERROR;
            }
            for (Node item : list.items()) {
                if (!isKnownScalar(item)) {
                    return isUnknown(item) ? unknown("join(…)") : ERROR;
                }
                out.append(first ? "" : args.getFirst().text()).append(item.text());
                first = false;
                if (out.length() > TerraformValues.MAX_STRING) {
                    return unknown("join(…)");
                }
            }
        }
        return budget.spend(1 + out.length() / 32) ? Node.literal(out.toString(), 1) : unknown("join(…)");
    }

    private static Node concat(List<Node> args, EvaluationBudget budget) {
        Node out = Node.list(1);
        for (Node list : args) {
            if (!list.isList()) {
                return isUnknown(list) ? unknown("concat(…)") : ERROR;
            }
            if (!budget.spend(1 + list.items().size())) {
                return unknown("concat(…)");
            }
            list.items().forEach(out::add);
        }
        return out;
    }

    private static Node merge(List<Node> args, EvaluationBudget budget) {
        Node out = Node.map(1);
        for (Node map : args) {
            if (map.isNull()) {
                continue;
            }
            if (!map.isMap()) {
                return isUnknown(map) ? unknown("merge(…)") : ERROR;
            }
            if (!budget.spend(1 + map.fields().size())) {
                return unknown("merge(…)");
            }
            map.fields().forEach(out::put);
        }
        return out;
    }

    private static Node lookup(List<Node> args) {
        if (args.size() < 2 || args.size() > 3) {
            return ERROR;
        }
        Node map = args.getFirst();
        Node key = args.get(1);
        if (isUnknown(map) || isUnknown(key)) {
            return unknown("lookup(…)");
        }
        if (!map.isMap() || !isKnownScalar(key)) {
            return ERROR;
        }
        Node value = map.fields().get(key.text());
        return value != null ? value : args.size() == 3 ? args.get(2) : ERROR;
    }

    /** The first argument that is neither null nor an empty string; an unknown before it is unknown. */
    private static Node coalesce(List<Node> args) {
        for (Node arg : args) {
            if (isUnknown(arg)) {
                return unknown("coalesce(…)");
            }
            if (!arg.isNull() && !(arg.isScalar() && arg.text().isEmpty())) {
                return arg;
            }
        }
        return ERROR;
    }

    private static Node contains(List<Node> args, EvaluationBudget budget) {
        if (args.size() != 2) {
            return ERROR;
        }
        Node list = args.getFirst();
        Node value = args.get(1);
        if (!list.isList()) {
            return isUnknown(list) ? unknown("contains(…)") : ERROR;
        }
        if (!TerraformValues.isWhollyKnown(list, budget) || !TerraformValues.isWhollyKnown(value, budget)) {
            return unknown("contains(…)");
        }
        return TerraformValues.bool(list.items().stream().anyMatch(item -> TerraformValues.same(item, value)));
    }

    private static Node element(List<Node> args) {
        if (args.size() != 2) {
            return ERROR;
        }
        Node list = args.getFirst();
        BigDecimal index = TerraformValues.number(args.get(1));
        if (isUnknown(list) || isUnknown(args.get(1))) {
            return unknown("element(…)");
        }
        if (!list.isList() || index == null || list.items().isEmpty() || index.signum() < 0
                || index.precision() - index.scale() > 18) {
            return ERROR;
        }
        return list.items().get(index.remainder(BigDecimal.valueOf(list.items().size())).intValue());
    }

    /** {@code jsonencode} of a wholly known value. */
    static final class JsonText {

        private JsonText() {
        }

        static Node of(Node value, EvaluationBudget budget) {
            if (!TerraformValues.isWhollyKnown(value, budget)) {
                return unknown("jsonencode(…)");
            }
            StringBuilder out = new StringBuilder();
            write(value, out);
            if (out.length() > TerraformValues.MAX_STRING || !budget.spend(out.length() / 32)) {
                return unknown("jsonencode(…)");
            }
            return Node.literal(out.toString(), 1);
        }

        private static void write(Node value, StringBuilder out) {
            if (out.length() > TerraformValues.MAX_STRING) {
                return;
            }
            switch (value.kind()) {
                case SCALAR -> {
                    if (value.isNull()) {
                        out.append("null");
                    } else if (TerraformValues.number(value) != null || TerraformValues.bool(value) != null) {
                        out.append(value.text().toLowerCase(Locale.ROOT));
                    } else {
                        out.append('"').append(JsonStringEncoder.getInstance().quoteAsString(value.text())).append('"');
                    }
                }
                case LIST -> {
                    out.append('[');
                    for (int i = 0; i < value.items().size(); i++) {
                        out.append(i == 0 ? "" : ",");
                        write(value.items().get(i), out);
                    }
                    out.append(']');
                }
                case MAP -> {
                    out.append('{');
                    boolean first = true;
                    for (var field : value.fields().entrySet()) {
                        out.append(first ? "\"" : ",\"").append(JsonStringEncoder.getInstance().quoteAsString(field.getKey()))
                                .append("\":");
                        first = false;
                        write(field.getValue(), out);
                    }
                    out.append('}');
                }
            }
        }
    }
}
