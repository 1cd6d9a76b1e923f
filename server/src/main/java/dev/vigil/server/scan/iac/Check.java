package dev.vigil.server.scan.iac;

import com.google.re2j.Pattern;

import java.util.List;
import java.util.Locale;
import java.util.function.ToIntFunction;

/**
 * The condition a rule flags. {@link #evaluate} returns the 1-based line of the problem, or 0 when the
 * resource passes. Paths are dotted attribute names; {@code $pod.} paths read a container's pod spec.
 * Expressions (references, function calls, {@code !Ref}) are unknown values: no check flags them.
 */
sealed interface Check {

    int evaluate(IacResource resource);

    static List<Node> nodes(IacResource resource, String path) {
        return path.startsWith("$pod.") ? resource.context().resolve(path.substring(5)) : resource.body().resolve(path);
    }

    /** Flags when the path is absent, null, or an empty list or map. */
    record Missing(String path) implements Check {
        @Override
        public int evaluate(IacResource resource) {
            return nodes(resource, path).stream().allMatch(Node::isEmpty) ? resource.line() : 0;
        }
    }

    /** Flags when the path is present and not an empty list or map. */
    record Present(String path) implements Check {
        @Override
        public int evaluate(IacResource resource) {
            return nodes(resource, path).stream().filter(node -> !node.isEmpty()).mapToInt(Node::line)
                    .findFirst().orElse(0);
        }
    }

    /** Flags when its check flags on any map at the path (each {@code ingress} block, each list item). */
    record Each(String path, Check check) implements Check {
        @Override
        public int evaluate(IacResource resource) {
            for (Node node : nodes(resource, path)) {
                for (Node item : node.isList() ? node.items() : List.of(node)) {
                    if (item.isMap()) {
                        int line = check.evaluate(resource.at(item));
                        if (line > 0) {
                            return line;
                        }
                    }
                }
            }
            return 0;
        }
    }

    /** Flags when the path is absent or a literal there is not one of the values (or does not match). */
    record Require(String path, Values values) implements Check {
        @Override
        public int evaluate(IacResource resource) {
            List<Node> found = nodes(resource, path);
            if (found.isEmpty()) {
                return resource.line();
            }
            for (Node node : found) {
                for (Node scalar : node.scalars()) {
                    if (!scalar.isExpression() && !scalar.isNull() && !values.accepts(scalar.text())) {
                        return scalar.line();
                    }
                }
            }
            return 0;
        }
    }

    /** Flags when a literal at the path is one of the values (or matches). */
    record Forbid(String path, Values values) implements Check {
        @Override
        public int evaluate(IacResource resource) {
            for (Node node : nodes(resource, path)) {
                for (Node scalar : node.scalars()) {
                    if (!scalar.isExpression() && !scalar.isNull() && values.accepts(scalar.text())) {
                        return scalar.line();
                    }
                }
            }
            return 0;
        }
    }

    /** Flags when a numeric literal at the path is below {@code min} or above {@code max}. */
    record Range(String path, Double min, Double max) implements Check {
        @Override
        public int evaluate(IacResource resource) {
            for (Node node : nodes(resource, path)) {
                for (Node scalar : node.scalars()) {
                    Double number = number(scalar);
                    if (number != null && ((min != null && number < min) || (max != null && number > max))) {
                        return scalar.line();
                    }
                }
            }
            return 0;
        }

        private static Double number(Node scalar) {
            if (scalar.isExpression()) {
                return null;
            }
            try {
                return Double.parseDouble(scalar.text().strip());
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }

    /**
     * Flags when no resource of {@code type} in the same module names this one in its {@code via} attribute,
     * by reference ({@code bucket = aws_s3_bucket.data.id}) or by the literal value of this resource's own
     * {@code name} attribute ({@code via} when not given): the Terraform AWS provider 4 split of a bucket's
     * settings, or {@code server_name} of an {@code azurerm_mssql_server_security_alert_policy} and the
     * server's {@code name}. A linked resource that its {@code ignoring} check flags does not count.
     */
    record Unlinked(String type, String via, String name, Check ignoring) implements Check {

        Unlinked(String type, String via, Check ignoring) {
            this(type, via, via, ignoring);
        }

        @Override
        public int evaluate(IacResource resource) {
            Node own = resource.body().fields().get(name);
            String literal = own == null || own.isExpression() || own.text().isEmpty() ? null : own.text();
            IacModule module = resource.file().module();
            ResourceLinks links = module.computed(this, () -> ResourceLinks.of(module.ofType(type).stream()
                    .filter(other -> ignoring == null || ignoring.evaluate(other) == 0)
                    .flatMap(other -> nodes(other, via).stream()).toList()));
            String address = resource.address().replaceFirst("^(module\\.[\\w-]+\\.)+", "");
            return links.name(address, literal) ? 0 : resource.line();
        }
    }

    /** Flags when no literal at the path is one of the values: {@code drop} lacks {@code ALL}. */
    record Lacks(String path, Values values) implements Check {
        @Override
        public int evaluate(IacResource resource) {
            List<Node> found = nodes(resource, path);
            boolean has = found.stream().flatMap(node -> node.scalars().stream())
                    .anyMatch(scalar -> scalar.isExpression() || values.accepts(scalar.text()));
            return has ? 0 : found.stream().mapToInt(Node::line).findFirst().orElse(resource.line());
        }
    }

    /** Dockerfile: flags the first instruction of the stage among {@code commands} whose arguments match. */
    record Instruction(List<String> commands, Pattern pattern, Pattern unless) implements Check {
        @Override
        public int evaluate(IacResource resource) {
            for (Node instruction : resource.body().resolve("instructions")) {
                for (Node item : instruction.items()) {
                    String args = item.textOf("args");
                    if (commands.contains(item.textOf("cmd")) && (pattern == null || pattern.matcher(args).find())
                            && (unless == null || !unless.matcher(args).find())) {
                        return item.line();
                    }
                }
            }
            return 0;
        }
    }

    /** Dockerfile: flags the second instruction {@code command} of a stage. */
    record Repeated(String command) implements Check {
        @Override
        public int evaluate(IacResource resource) {
            return resource.body().resolve("instructions").stream().flatMap(list -> list.items().stream())
                    .filter(item -> item.textOf("cmd").equals(command)).skip(1).mapToInt(Node::line)
                    .findFirst().orElse(0);
        }
    }

    /** Dockerfile: flags the final stage when it has no instruction {@code command}. */
    record FinalStageLacks(String command) implements Check {
        @Override
        public int evaluate(IacResource resource) {
            if (!resource.body().get("final").map(Node::isTrue).orElse(false)) {
                return 0;
            }
            boolean has = resource.body().resolve("instructions").stream().flatMap(list -> list.items().stream())
                    .anyMatch(item -> item.textOf("cmd").equals(command));
            return has ? 0 : resource.line();
        }
    }

    /** Flags when any of its checks flags; the line is the first one's. */
    record AnyOf(List<Check> checks) implements Check {
        @Override
        public int evaluate(IacResource resource) {
            for (Check check : checks) {
                int line = check.evaluate(resource);
                if (line > 0) {
                    return line;
                }
            }
            return 0;
        }
    }

    /** Flags when every check flags (conditions first); the line is the last one's. */
    record AllOf(List<Check> checks) implements Check {
        @Override
        public int evaluate(IacResource resource) {
            int line = 0;
            for (Check check : checks) {
                line = check.evaluate(resource);
                if (line == 0) {
                    return 0;
                }
            }
            return line;
        }
    }

    /** Logic that data cannot express, named in the rule file and written in {@link Predicates}. */
    record Named(String name, ToIntFunction<IacResource> predicate) implements Check {
        @Override
        public int evaluate(IacResource resource) {
            return predicate.applyAsInt(resource);
        }
    }

    /** Accepted literal values, compared ignoring case, or an RE2/J pattern searched in the literal. */
    record Values(List<String> values, Pattern pattern) {

        public Values {
            values = values == null ? List.of() : values.stream().map(v -> v.toLowerCase(Locale.ROOT)).toList();
        }

        boolean accepts(String text) {
            if (pattern != null) {
                return pattern.matcher(text).find();
            }
            return values.contains(text.toLowerCase(Locale.ROOT));
        }
    }
}
