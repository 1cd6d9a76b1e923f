package dev.vigil.server.scan.iac;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The resources, data sources and provider configurations of one module instance as rules see them: each attribute evaluated (a
 * known value in place of the expression, at the expression's line; an unknown one left as written),
 * {@code dynamic} blocks repeated or dropped, {@code count} and {@code for_each} resources judged per known
 * instance under the one address of the resource.
 */
final class TerraformResources {

    private static final Set<String> PASSED_THROUGH = Set.of("var", "local", "module", "each", "count");

    private final ModuleInstance scope;
    private final TerraformEvaluator evaluator;

    private TerraformResources(ModuleInstance scope) {
        this.scope = scope;
        this.evaluator = scope.evaluator();
    }

    /** The files of the instance's directory, read as one module. */
    static List<IacFile> files(ModuleInstance scope) {
        TerraformResources resources = new TerraformResources(scope);
        List<IacFile> files = new ArrayList<>();
        for (TerraformDirectory.File parsed : scope.directory().files()) {
            IacFile file = new IacFile(parsed.path());
            parsed.blocks().forEach(block -> resources.add(block, file));
            files.add(file);
        }
        IacModule module = new IacModule(files);
        files.forEach(file -> file.joinModule(module));
        return files;
    }

    /** The files of a directory as written, nothing evaluated: what is checked once the budget is spent. */
    static List<IacFile> unevaluated(TerraformDirectory directory) {
        List<IacFile> files = new ArrayList<>();
        for (TerraformDirectory.File parsed : directory.files()) {
            IacFile file = new IacFile(parsed.path());
            for (HclBlock block : parsed.blocks()) {
                String type = type(block);
                if (type != null) {
                    file.add(Framework.TERRAFORM, type, name(block, type), block.line(), block.body());
                }
            }
            files.add(file);
        }
        IacModule module = new IacModule(files);
        files.forEach(file -> file.joinModule(module));
        return files;
    }

    private static String type(HclBlock block) {
        if (block.type().equals("provider") && block.labels().size() == 1) {
            return "provider." + block.label(0);
        }
        boolean data = block.type().equals("data");
        return (data || block.type().equals("resource")) && block.labels().size() >= 2
                ? (data ? "data." : "") + block.label(0) : null;
    }

    /**
     * A resource's or data source's name, or a provider configuration's: {@code provider.aws}, or
     * {@code provider.aws.east} for an alias (docs/adr/0056-iac-rules-say-what-they-mean.md).
     */
    private static String name(HclBlock block, String type) {
        if (type.startsWith("provider.")) {
            String alias = block.body().textOf("alias");
            return alias.isEmpty() ? type : type + "." + alias;
        }
        return type + "." + block.label(1);
    }

    private void add(HclBlock block, IacFile file) {
        String type = type(block);
        if (type == null) {
            return;
        }
        String address = scope.prefix() + name(block, type);
        String calledFrom = scope.calledFrom().map(where -> ", called from " + where).orElse("");
        for (Expansion instance : Expansion.of(block.body(), scope, Iterators.NONE)) {
            file.add(Framework.TERRAFORM, type, address, block.line(), copy(block.body(), instance.iterators()),
                    address + instance.suffix() + calledFrom);
        }
    }

    /** A copy of a body with its expressions evaluated; once the budget is spent, the rest as written. */
    private Node copy(Node node, Iterators iterators) {
        if (evaluator.budget().spent() || !evaluator.budget().spend(1)) {
            return node;
        }
        return switch (node.kind()) {
            case SCALAR -> attribute(node, iterators);
            case LIST -> {
                Node list = Node.list(node.line());
                for (Node item : node.items()) {
                    if (item.isMap() && item.dynamic().isPresent()) {
                        Node.Dynamic dynamic = item.dynamic().get();
                        Node collection = evaluator.value(dynamic.forEach(), scope, iterators);
                        Expansion.iterate(dynamic.iterator(), collection, iterators, false)
                                .forEach(each -> list.add(copy(item, each.iterators())));
                    } else {
                        list.add(copy(item, iterators));
                    }
                }
                yield list;
            }
            case MAP -> {
                Node map = Node.map(node.line());
                node.fields().forEach((key, value) -> map.put(key, copy(value, iterators)));
                yield map;
            }
        };
    }

    /**
     * A known value at the attribute's line; an unknown one as written, or, for a variable or local that
     * stands for a reference ({@code local.bucket = aws_s3_bucket.b.id}), as that reference.
     */
    private Node attribute(Node node, Iterators iterators) {
        if (!node.isExpression()) {
            return node;
        }
        Expr expr = evaluator.expression(node);
        Node value = evaluator.evaluate(expr, scope, iterators);
        if (TerraformValues.isUnknown(value)) {
            boolean passedThrough = expr instanceof Expr.Traversal(String root, var steps)
                    && (PASSED_THROUGH.contains(root) || iterators.find(root) != null);
            boolean reference = !TerraformValues.isError(value) && !value.text().equals("…")
                    && value.text().indexOf('.') > 0;
            return passedThrough && reference ? Node.expression(value.text(), node.line()) : node;
        }
        Node moved = TerraformValues.relocate(value, node.line(), evaluator.budget());
        return moved == null ? node : moved;
    }
}
