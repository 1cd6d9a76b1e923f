package dev.vigil.server.scan.secrets;

import java.util.List;

/**
 * One rule as written in a YAML rule file, before compilation. Field names are the YAML keys; optional
 * keys are {@code null} when absent. See {@link RuleBook} for the meaning of each key.
 */
record RuleDefinition(String id, String title, String description, String severity, String cwe, String regex,
                      Integer secretGroup, List<String> keywords, Double entropy, String path,
                      AllowDefinition allowlist, List<String> aliases, WindowDefinition window,
                      String examplePath, Boolean fallback, String checksum, Boolean jwt, ExamplesDefinition examples) {

    /** Values that look like secrets but are not: see {@link RuleAllowlist}. */
    record AllowDefinition(List<String> secrets, List<String> stopwords, List<String> keys, List<String> matches,
                           List<String> lines, Boolean identifiers, Boolean values) {
    }

    /** How far around a keyword hit a multi-line rule looks, in characters. */
    record WindowDefinition(Integer before, Integer after) {
    }

    /** The rule's own true positives ({@code find}) and false positives ({@code ignore}). */
    record ExamplesDefinition(List<String> find, List<String> ignore) {
    }

    /** A rule file: its rules, in order. */
    record RuleFile(List<RuleDefinition> rules) {
    }

    /** The allowlist that applies to every rule. */
    record GlobalDefinition(List<String> paths, List<String> secrets, List<String> stopwords) {
    }
}
