package dev.vigil.server.policy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.model.ScanKind;
import dev.vigil.server.scan.RuleResources;
import dev.vigil.server.scan.iac.IacScanner;
import dev.vigil.server.scan.secrets.SecretsScanner;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The rule ids and aliases a policy may name: the bundled secrets and IaC rules (read once from their data),
 * and the advisories' ids and aliases, which the caller looks up in the database.
 */
public final class RuleCatalogue {

    private static volatile Map<String, ScanKind> bundled;

    private final Predicate<String> advisories;

    /** {@code advisories} tells whether an advisory id or alias is known. */
    public RuleCatalogue(Predicate<String> advisories) {
        this.advisories = advisories;
    }

    /** The kind of findings a rule id or alias names, if any rule or advisory has it. */
    public Optional<ScanKind> kindOf(String rule) {
        ScanKind kind = bundled().get(rule.toUpperCase(Locale.ROOT));
        if (kind != null) {
            return Optional.of(kind);
        }
        return advisories.test(rule) ? Optional.of(ScanKind.SCA) : Optional.empty();
    }

    private static Map<String, ScanKind> bundled() {
        Map<String, ScanKind> ids = bundled;
        if (ids == null) {
            ids = new HashMap<>();
            collect(new RuleResources(SecretsScanner.class, "secrets"), ScanKind.SECRETS, ids);
            collect(new RuleResources(IacScanner.class, "iac"), ScanKind.IAC, ids);
            bundled = ids = Map.copyOf(ids);
        }
        return ids;
    }

    private static void collect(RuleResources resources, ScanKind kind, Map<String, ScanKind> ids) {
        for (String file : resources.index("rules/index.txt")) {
            for (JsonNode rule : resources.read("rules/" + file, JsonNode.class).path("rules")) {
                ids.put(rule.path("id").asText().toUpperCase(Locale.ROOT), kind);
                rule.path("aliases").forEach(alias -> ids.put(alias.asText().toUpperCase(Locale.ROOT), kind));
            }
        }
    }
}
