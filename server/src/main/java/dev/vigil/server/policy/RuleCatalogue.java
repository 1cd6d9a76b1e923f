package dev.vigil.server.policy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.server.scan.RuleResources;
import dev.vigil.server.scan.iac.IacScanner;
import dev.vigil.server.scan.secrets.SecretsScanner;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The rule ids and aliases a policy may name: the bundled secrets and IaC rules (read once from their data),
 * and the advisories' ids and aliases, which the caller looks up in the database.
 */
public final class RuleCatalogue {

    private static volatile Set<String> bundled;

    private final Predicate<String> advisories;

    /** {@code advisories} tells whether an advisory id or alias is known. */
    public RuleCatalogue(Predicate<String> advisories) {
        this.advisories = advisories;
    }

    public boolean knows(String rule) {
        return bundled().contains(rule.toUpperCase(Locale.ROOT)) || advisories.test(rule);
    }

    private static Set<String> bundled() {
        Set<String> ids = bundled;
        if (ids == null) {
            ids = new HashSet<>();
            collect(new RuleResources(SecretsScanner.class, "secrets"), ids);
            collect(new RuleResources(IacScanner.class, "iac"), ids);
            bundled = ids = Set.copyOf(ids);
        }
        return ids;
    }

    private static void collect(RuleResources resources, Set<String> ids) {
        for (String file : resources.index("rules/index.txt")) {
            for (JsonNode rule : resources.read("rules/" + file, JsonNode.class).path("rules")) {
                ids.add(rule.path("id").asText().toUpperCase(Locale.ROOT));
                rule.path("aliases").forEach(alias -> ids.add(alias.asText().toUpperCase(Locale.ROOT)));
            }
        }
    }
}
