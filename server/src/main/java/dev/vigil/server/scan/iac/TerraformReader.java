package dev.vigil.server.scan.iac;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code .tf} files into resources. {@code var.x} and {@code local.y} are replaced by the literal
 * {@code default} of {@code variable "x"} and the literal {@code locals} value {@code y} of the same file, or
 * of the same module (directory) through {@link TerraformModules}; other references stay expressions.
 * Modules and data sources are read as text and never fetched.
 */
final class TerraformReader {

    private TerraformReader() {
    }

    /** One file on its own: only its own variables and locals are known. */
    static IacFile read(String path, String text) {
        List<HclBlock> blocks = HclParser.parse(text);
        Map<String, Node> known = new HashMap<>();
        collectKnown(blocks, known);
        return resources(path, blocks, known);
    }

    /** Adds the literal variable defaults ({@code var.x}) and locals ({@code local.y}) of the blocks. */
    static void collectKnown(List<HclBlock> blocks, Map<String, Node> known) {
        for (HclBlock block : blocks) {
            if (block.type().equals("variable")) {
                block.body().get("default").filter(TerraformReader::isLiteral)
                        .ifPresent(value -> known.put("var." + block.label(0), value));
            } else if (block.type().equals("locals")) {
                block.body().fields().forEach((name, value) -> {
                    if (isLiteral(value)) {
                        known.put("local." + name, value);
                    }
                });
            }
        }
    }

    /**
     * The resources, data sources and provider configurations ({@code provider.aws}, {@code provider.aws.east} for
     * an alias; docs/adr/0056-iac-rules-say-what-they-mean.md) of one file, with the known references replaced.
     */
    static IacFile resources(String path, List<HclBlock> blocks, Map<String, Node> known) {
        IacFile file = new IacFile(path);
        for (HclBlock block : blocks) {
            boolean data = block.type().equals("data");
            if ((data || block.type().equals("resource")) && block.labels().size() >= 2) {
                Node body = known.isEmpty() ? block.body() : substitute(block.body(), known);
                String type = (data ? "data." : "") + block.label(0);
                file.add(Framework.TERRAFORM, type, type + "." + block.label(1), block.line(), body);
            } else if (block.type().equals("provider") && block.labels().size() == 1) {
                Node body = known.isEmpty() ? block.body() : substitute(block.body(), known);
                String alias = body.textOf("alias");
                String type = "provider." + block.label(0);
                file.add(Framework.TERRAFORM, type, alias.isEmpty() ? type : type + "." + alias, block.line(), body);
            }
        }
        return file;
    }

    private static boolean isLiteral(Node node) {
        return switch (node.kind()) {
            case SCALAR -> !node.isExpression();
            case LIST -> node.items().stream().allMatch(TerraformReader::isLiteral);
            case MAP -> node.fields().values().stream().allMatch(TerraformReader::isLiteral);
        };
    }

    /** A copy of {@code node} with known references replaced, keeping the lines of the references. */
    private static Node substitute(Node node, Map<String, Node> known) {
        return switch (node.kind()) {
            case SCALAR -> {
                Node value = node.isExpression() ? known.get(node.text()) : null;
                yield value == null ? node : relocate(value, node.line());
            }
            case LIST -> {
                Node copy = Node.list(node.line());
                node.items().forEach(item -> copy.add(substitute(item, known)));
                yield copy;
            }
            case MAP -> {
                Node copy = Node.map(node.line());
                node.fields().forEach((key, value) -> copy.put(key, substitute(value, known)));
                yield copy;
            }
        };
    }

    private static Node relocate(Node value, int line) {
        return value.isScalar() ? Node.literal(value.isNull() ? null : value.text(), line) : value;
    }
}
