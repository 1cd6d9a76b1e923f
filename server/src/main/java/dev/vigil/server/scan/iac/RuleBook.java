package dev.vigil.server.scan.iac;

import dev.vigil.server.scan.RuleResources;
import dev.vigil.server.scan.iac.RuleDefinition.RuleFile;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The bundled rules: the YAML files listed in {@code rules/index.txt} beside this class. */
record RuleBook(List<IacRule> rules) {

    private static final String INDEX = "rules/index.txt";

    RuleBook {
        rules = List.copyOf(rules);
    }

    static RuleBook bundled() {
        RuleResources resources = new RuleResources(RuleBook.class, "iac");
        List<IacRule> rules = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (String name : resources.index(INDEX)) {
            RuleFile file = resources.read("rules/" + name, RuleFile.class);
            for (RuleDefinition definition : file.rules()) {
                IacRule rule = RuleCompiler.compile(definition, file, name);
                if (!ids.add(rule.id())) {
                    throw new IllegalStateException("duplicate iac rule id " + rule.id() + " in " + name);
                }
                rules.add(rule);
            }
        }
        return new RuleBook(rules);
    }
}
