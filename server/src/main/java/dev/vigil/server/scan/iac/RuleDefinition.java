package dev.vigil.server.scan.iac;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * One rule as written in a YAML rule file. {@code check} is a one-key map: {@code missing}, {@code present},
 * {@code require}, {@code forbid}, {@code range}, {@code unlinked}, {@code any}, {@code all} or
 * {@code predicate} (see {@link RuleCompiler}). {@code risk} and {@code docs} (the provider's documentation
 * URL) are optional: {@link IacRuleHelp} derives them from the title and the resource type when absent.
 */
record RuleDefinition(String id, String title, String severity, String cwe, String fix, String risk, String docs,
                      List<String> aliases, List<String> resources, JsonNode check, ExamplesDefinition examples) {

    /** The rule's own examples: whole files it must flag ({@code bad}) and must not ({@code good}). */
    record ExamplesDefinition(List<String> bad, List<String> good) {
    }

    /** A rule file: one framework, the path its examples are scanned as, and its rules. */
    record RuleFile(String framework, String examplePath, List<RuleDefinition> rules) {
    }
}
