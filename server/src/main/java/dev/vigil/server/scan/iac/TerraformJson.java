package dev.vigil.server.scan.iac;

import java.util.ArrayList;
import java.util.List;

/**
 * Terraform's JSON syntax ({@code *.tf.json}) as the blocks that {@link HclParser} would produce:
 * {@code {"resource": {"aws_s3_bucket": {"data": {…}}}}}, {@code variable}, {@code locals}, {@code output}, {@code module} and {@code data}.
 * Strings holding {@code ${…}} become expressions.
 */
final class TerraformJson {

    private TerraformJson() {
    }

    static List<HclBlock> parse(String text) {
        List<HclBlock> blocks = new ArrayList<>();
        for (Node root : TreeReader.json(text)) {
            if (root.isMap()) {
                root.fields().forEach((type, value) -> blocks(type, value, blocks));
            }
        }
        return blocks;
    }

    private static void blocks(String type, Node value, List<HclBlock> blocks) {
        switch (type) {
            case "resource", "data" -> maps(value).forEach(byType -> byType.fields().forEach((resourceType, byName) ->
                    maps(byName).forEach(names -> names.fields().forEach((name, body) -> maps(body).forEach(map ->
                            blocks.add(new HclBlock(type, List.of(resourceType, name), map.line(), interpolated(map))))))));
            case "variable", "output", "module" -> maps(value).forEach(byName -> byName.fields().forEach((name, body) -> maps(body)
                    .forEach(map -> blocks.add(new HclBlock(type, List.of(name), map.line(), interpolated(map))))));
            case "locals" -> maps(value).forEach(map -> blocks.add(new HclBlock(type, List.of(), map.line(), interpolated(map))));
            default -> {
            }
        }
    }

    private static List<Node> maps(Node node) {
        if (node.isMap()) {
            return List.of(node);
        }
        return node.isList() ? node.items().stream().filter(Node::isMap).toList() : List.of();
    }

    private static Node interpolated(Node node) {
        return switch (node.kind()) {
            case SCALAR -> {
                String text = node.text();
                if (node.isExpression() || !text.contains("${")) {
                    yield node;
                }
                boolean whole = text.startsWith("${") && text.endsWith("}") && text.indexOf("${", 2) < 0;
                yield whole ? Node.expression(text.substring(2, text.length() - 1).strip(), node.line())
                        : Node.template(text, node.line());
            }
            case LIST -> {
                Node copy = Node.list(node.line());
                node.items().forEach(item -> copy.add(interpolated(item)));
                yield copy;
            }
            case MAP -> {
                Node copy = Node.map(node.line());
                node.fields().forEach((key, value) -> copy.put(key, interpolated(value)));
                yield copy;
            }
        };
    }
}
