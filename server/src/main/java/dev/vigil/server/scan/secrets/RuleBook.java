package dev.vigil.server.scan.secrets;

import dev.vigil.server.scan.RuleResources;
import dev.vigil.server.scan.secrets.RuleDefinition.GlobalDefinition;
import dev.vigil.server.scan.secrets.RuleDefinition.RuleFile;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The bundled rules: the files listed in {@code rules/index.txt} beside this class, plus the global
 * allowlist in {@code allowlist.yaml}, each rule with its help ({@link SecretRuleHelp}). Rules are data; {@link RuleCompiler} checks and compiles them.
 */
record RuleBook(List<SecretRule> rules, GlobalAllowlist global) {

    private static final String INDEX = "rules/index.txt";
    private static final String GLOBAL = "allowlist.yaml";

    RuleBook {
        rules = List.copyOf(rules);
    }

    static RuleBook bundled() {
        RuleResources resources = new RuleResources(RuleBook.class, "secrets");
        List<SecretRule> rules = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        SecretRuleHelp help = SecretRuleHelp.bundled();
        for (String file : resources.index(INDEX)) {
            RuleFile ruleFile = resources.read("rules/" + file, RuleFile.class);
            for (RuleDefinition definition : ruleFile.rules()) {
                SecretRule rule = RuleCompiler.compile(definition, file, help);
                if (!ids.add(rule.id())) {
                    throw new IllegalStateException("duplicate secrets rule id " + rule.id() + " in " + file);
                }
                rules.add(rule);
            }
        }
        GlobalAllowlist global = GlobalAllowlist.compile(resources.read(GLOBAL, GlobalDefinition.class));
        return new RuleBook(rules, global);
    }
}
