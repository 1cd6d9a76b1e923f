package dev.vigil.server.scan.iac;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static dev.vigil.server.scan.iac.TerraformValues.isUnknown;
import static dev.vigil.server.scan.iac.TerraformValues.unknown;

/**
 * The instances a {@code count} or {@code for_each} makes of a resource, a module call or a dynamic block:
 * none when it is known to be 0 or empty, the first {@value #MAX} when known, one with unknown iterators
 * when unknown. A {@code for_each} over a resource ({@code for_each = aws_s3_bucket.b}) gives
 * {@code each.value} the text of that resource, so that {@code each.value.id} still names it.
 *
 * @param suffix the instance's key as Terraform writes it in an address: {@code [0]}, {@code ["logs"]}
 */
record Expansion(Iterators iterators, String suffix) {

    static final int MAX = 8;
    private static final Pattern RESOURCE = Pattern.compile("[A-Za-z_][\\w-]*\\.[A-Za-z_][\\w-]*");

    static List<Expansion> of(Node body, ModuleInstance scope, Iterators outer) {
        Node count = body.fields().get("count");
        Node forEach = body.fields().get("for_each");
        if (count != null) {
            Node value = scope.evaluator().value(count, scope, outer);
            BigDecimal number = TerraformValues.number(value);
            if (number == null) {
                return List.of(new Expansion(outer.with("count", unknown("count.index"), null), ""));
            }
            List<Expansion> instances = new ArrayList<>();
            for (int i = 0; i < Math.min(MAX, number.doubleValue()); i++) {
                instances.add(new Expansion(outer.with("count", Node.literal(String.valueOf(i), 1), null), "[" + i + "]"));
            }
            return instances;
        }
        if (forEach != null) {
            return iterate("each", scope.evaluator().value(forEach, scope, outer), outer, true);
        }
        return List.of(new Expansion(outer, ""));
    }

    /** One instance per element of a known collection, or one with unknown iterators. */
    static List<Expansion> iterate(String name, Node collection, Iterators outer, boolean keyed) {
        if (collection.isMap() || collection.isList()) {
            List<Expansion> instances = new ArrayList<>();
            if (collection.isMap()) {
                for (Map.Entry<String, Node> entry : collection.fields().entrySet()) {
                    if (instances.size() == MAX) {
                        break;
                    }
                    instances.add(new Expansion(outer.with(name, Node.literal(entry.getKey(), 1), entry.getValue()),
                            keyed ? "[\"" + entry.getKey() + "\"]" : ""));
                }
            } else {
                for (int i = 0; i < collection.items().size() && i < MAX; i++) {
                    Node item = collection.items().get(i);
                    Node key = keyed ? item : Node.literal(String.valueOf(i), 1);
                    instances.add(new Expansion(outer.with(name, key, item),
                            keyed && !isUnknown(item) ? "[\"" + item.text() + "\"]" : ""));
                }
            }
            return instances;
        }
        String text = isUnknown(collection) && RESOURCE.matcher(collection.text()).matches() ? collection.text()
                : name + ".value";
        return List.of(new Expansion(outer.with(name, unknown(name + ".key"), unknown(text)), ""));
    }
}
