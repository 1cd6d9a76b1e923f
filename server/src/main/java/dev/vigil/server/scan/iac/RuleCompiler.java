package dev.vigil.server.scan.iac;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.re2j.Pattern;
import dev.vigil.model.Severity;
import dev.vigil.server.scan.iac.RuleDefinition.RuleFile;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Checks a {@link RuleDefinition} and compiles it. Check keys:
 * <ul>
 *   <li>{@code missing: path} / {@code present: path}</li>
 *   <li>{@code require: {path, values | regex}}: absent, or a literal not among the values, flags</li>
 *   <li>{@code forbid: {path, values | regex}}: a literal among the values flags</li>
 *   <li>{@code range: {path, min, max}}: a number outside flags</li>
 *   <li>{@code each: {path, check}}: the check flags on one of the maps at the path</li>
 *   <li>{@code lacks: {path, values | regex}}: no literal at the path is among the values</li>
 *   <li>{@code unlinked: {type, via, name, ignoring}}: no resource of that type (that {@code ignoring}
 *       passes) refers to this one through {@code via}, by reference or by the value of this one's
 *       {@code name} attribute ({@code via} when not given)</li>
 *   <li>Dockerfile stages: {@code instruction: {cmd, regex, unless}}, {@code repeated: CMD},
 *       {@code final_stage_lacks: CMD}</li>
 *   <li>{@code any: [checks]}, {@code all: [checks]}; {@code predicate: name} (see {@link Predicates})</li>
 * </ul>
 */
final class RuleCompiler {

    private RuleCompiler() {
    }

    static IacRule compile(RuleDefinition definition, RuleFile file, String source) {
        String where = definition.id() + " in " + source;
        require(definition.id() != null && definition.id().matches("[a-z0-9]+(-[a-z0-9]+)+"), "kebab-case id", where);
        require(definition.title() != null && definition.severity() != null && definition.cwe() != null
                && definition.fix() != null, "title, severity, cwe and fix", where);
        require(definition.resources() != null && !definition.resources().isEmpty(), "resources", where);
        require(definition.examples() != null && definition.examples().bad() != null
                && definition.examples().good() != null, "bad and good examples", where);
        List<String> aliases = definition.aliases() == null ? List.of() : definition.aliases();
        Framework framework = Framework.of(file.framework());
        return new IacRule(definition.id(), definition.title(), Severity.of(definition.severity()),
                definition.cwe(), definition.fix(), aliases, framework,
                new LinkedHashSet<>(definition.resources()), check(definition.check(), where), file.examplePath(),
                definition.examples().bad(), definition.examples().good(), IacRuleHelp.of(definition, framework));
    }

    static Check check(JsonNode node, String where) {
        require(node != null && node.isObject() && node.size() == 1, "a check with one key", where);
        Map.Entry<String, JsonNode> entry = node.properties().iterator().next();
        JsonNode value = entry.getValue();
        return switch (entry.getKey()) {
            case "missing" -> new Check.Missing(value.asText());
            case "present" -> new Check.Present(value.asText());
            case "require" -> new Check.Require(path(value, where), values(value, where));
            case "forbid" -> new Check.Forbid(path(value, where), values(value, where));
            case "range" -> new Check.Range(path(value, where),
                    value.has("min") ? value.get("min").asDouble() : null,
                    value.has("max") ? value.get("max").asDouble() : null);
            case "each" -> new Check.Each(path(value, where), check(value.get("check"), where));
            case "lacks" -> new Check.Lacks(path(value, where), values(value, where));
            case "instruction" -> new Check.Instruction(commands(value.path("cmd")),
                    value.hasNonNull("regex") ? Pattern.compile(value.get("regex").asText()) : null,
                    value.hasNonNull("unless") ? Pattern.compile(value.get("unless").asText()) : null);
            case "repeated" -> new Check.Repeated(value.asText());
            case "final_stage_lacks" -> new Check.FinalStageLacks(value.asText());
            case "unlinked" -> new Check.Unlinked(value.path("type").asText(), value.path("via").asText(),
                    value.path("name").asText(value.path("via").asText()),
                    value.hasNonNull("ignoring") ? check(value.get("ignoring"), where) : null);
            case "any" -> new Check.AnyOf(checks(value, where));
            case "all" -> new Check.AllOf(checks(value, where));
            case "predicate" -> new Check.Named(value.asText(), Predicates.named(value.asText())
                    .orElseThrow(() -> new IllegalStateException("unknown predicate " + value.asText() + " of " + where)));
            default -> throw new IllegalStateException("unknown check " + entry.getKey() + " of " + where);
        };
    }

    private static List<String> commands(JsonNode cmd) {
        List<String> commands = new ArrayList<>();
        if (cmd.isArray()) {
            cmd.forEach(item -> commands.add(item.asText()));
        } else {
            commands.add(cmd.asText());
        }
        return commands;
    }

    private static List<Check> checks(JsonNode value, String where) {
        require(value.isArray() && !value.isEmpty(), "a list of checks", where);
        List<Check> checks = new ArrayList<>();
        value.forEach(item -> checks.add(check(item, where)));
        return checks;
    }

    private static String path(JsonNode value, String where) {
        require(value.hasNonNull("path"), "a path", where);
        return value.get("path").asText();
    }

    private static Check.Values values(JsonNode value, String where) {
        if (value.hasNonNull("regex")) {
            return new Check.Values(null, Pattern.compile(value.get("regex").asText()));
        }
        require(value.path("values").isArray(), "values or regex", where);
        List<String> values = new ArrayList<>();
        value.get("values").forEach(item -> values.add(item.asText()));
        return new Check.Values(values, null);
    }

    private static void require(boolean condition, String what, String where) {
        if (!condition) {
            throw new IllegalStateException("iac rule " + where + " needs " + what);
        }
    }
}
