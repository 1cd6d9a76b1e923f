package dev.vigil.server.scan;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code tool.driver.rules} of a SARIF log: one per distinct rule id, sorted by id, described by the first
 * detection of that rule in input order; aliases are those of all its detections.
 */
final class SarifRules {

    private static final Pattern CWE = Pattern.compile("CWE-(\\d+)", Pattern.CASE_INSENSITIVE);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final Map<String, Detection> firstByRule;
    private final Map<String, Set<String>> aliasesByRule;
    private final Map<String, Integer> indexByRule = new HashMap<>();

    private SarifRules(Map<String, Detection> firstByRule, Map<String, Set<String>> aliasesByRule) {
        this.firstByRule = firstByRule;
        this.aliasesByRule = aliasesByRule;
        for (String ruleId : firstByRule.keySet()) {
            indexByRule.put(ruleId, indexByRule.size());
        }
    }

    static SarifRules of(List<Detection> detections) {
        Map<String, Detection> first = new TreeMap<>();
        Map<String, Set<String>> aliases = new HashMap<>();
        for (Detection detection : detections) {
            first.putIfAbsent(detection.ruleId(), detection);
            aliases.computeIfAbsent(detection.ruleId(), id -> new LinkedHashSet<>()).addAll(detection.aliases());
        }
        return new SarifRules(first, aliases);
    }

    int indexOf(String ruleId) {
        return indexByRule.get(ruleId);
    }

    ArrayNode toJson() {
        ArrayNode rules = NODES.arrayNode();
        firstByRule.forEach((ruleId, detection) -> rules.add(rule(detection, aliasesByRule.get(ruleId))));
        return rules;
    }

    private static ObjectNode rule(Detection detection, Set<String> aliases) {
        ObjectNode rule = NODES.objectNode();
        rule.put("id", detection.ruleId());
        rule.put("name", name(detection.title(), detection.ruleId()));
        rule.putObject("shortDescription").put("text", detection.title());
        rule.putObject("fullDescription").put("text", fullDescription(detection));
        if (detection.help() != null) {
            rule.put("helpUri", detection.help().uri());
            rule.putObject("help").put("text", detection.help().text()).put("markdown", detection.help().markdown());
        } else {
            rule.putObject("help").put("text", help(detection));
        }
        rule.putObject("defaultConfiguration").put("level", level(detection.severity()));
        ObjectNode properties = rule.putObject("properties");
        properties.put("security-severity", securitySeverity(detection.severity()));
        ArrayNode tags = properties.putArray("tags");
        tags(detection).forEach(tags::add);
        if (!aliases.isEmpty()) {
            ArrayNode aliasNodes = properties.putArray("aliases");
            aliases.forEach(aliasNodes::add);
        }
        properties.put("precision", precision(detection.kind()));
        return rule;
    }

    /** SARIF level: critical and high are errors, medium a warning, low and info notes. */
    static String level(Severity severity) {
        return switch (severity) {
            case CRITICAL, HIGH -> "error";
            case MEDIUM -> "warning";
            case LOW, INFO -> "note";
        };
    }

    /** The score GitHub code scanning reads, as the string it expects: {@code "9.5"}. */
    static String securitySeverity(Severity severity) {
        return String.format(Locale.ROOT, "%.1f", severity.securitySeverity());
    }

    /** A PascalCase name from the words of the title: {@code Hard-coded AWS key} becomes {@code HardCodedAWSKey}. */
    static String name(String title, String ruleId) {
        String name = pascal(title);
        if (name.isEmpty()) {
            name = pascal(ruleId);
        }
        return name.isEmpty() ? "Rule" : name;
    }

    private static String pascal(String text) {
        StringBuilder name = new StringBuilder();
        for (String word : text.split("[^\\p{L}\\p{N}]+")) {
            if (!word.isEmpty()) {
                int first = word.codePointAt(0);
                name.appendCodePoint(Character.toUpperCase(first))
                        .append(word, Character.charCount(first), word.length());
            }
        }
        return name.toString();
    }

    static List<String> tags(Detection detection) {
        Set<String> tags = new LinkedHashSet<>(List.of("security", detection.kind().wire()));
        if (detection.cwe() != null) {
            Matcher cwe = CWE.matcher(detection.cwe());
            while (cwe.find()) {
                tags.add("external/cwe/cwe-" + Integer.parseInt(cwe.group(1)));
            }
        }
        return new ArrayList<>(tags);
    }

    private static String fullDescription(Detection detection) {
        return detection.cwe() == null || detection.cwe().isBlank()
                ? detection.title() : detection.title() + " (" + detection.cwe() + ")";
    }

    private static String help(Detection detection) {
        if (detection.fixAvailable() != null && !detection.fixAvailable().isBlank()) {
            return "Fix: " + detection.fixAvailable();
        }
        return switch (detection.kind()) {
            case SECRETS -> "Revoke the secret and issue a new one, then load it from a secret store or the"
                    + " environment; deleting it from the code is not enough, as it stays in the history.";
            case IAC -> "Change the resource's configuration as the rule describes.";
            case SCA -> "No fixed version is known: follow the advisory, or replace or isolate the package.";
        };
    }

    /** How often a rule of this kind is right, as GitHub reads {@code precision}. */
    private static String precision(ScanKind kind) {
        return switch (kind) {
            case SCA, IAC -> "very-high";
            case SECRETS -> "high";
        };
    }
}
