package dev.vigil.server.decisions;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The bundled IaC and secrets rules by every name they go by: a Vigil id, a Checkov id, a Trivy AVD id or a
 * gitleaks id leads to the Vigil ids a finding carries. Advisory aliases (CVE, GHSA) are in the database
 * ({@link DecisionRepository#advisoryIds}).
 */
public final class RuleAliases {

    private final Map<String, Set<String>> idsByName = new HashMap<>();

    /** From each engine's rules: id → aliases. */
    @SafeVarargs
    public RuleAliases(Map<String, List<String>>... rulesByEngine) {
        for (Map<String, List<String>> rules : rulesByEngine) {
            rules.forEach((id, aliases) -> {
                add(id, id);
                aliases.forEach(alias -> add(alias, id));
            });
        }
    }

    public static RuleAliases none() {
        return new RuleAliases();
    }

    /** Aliases built on first use (compiling the rule books takes a moment that a start should not wait for). */
    public static Supplier<RuleAliases> lazy(Supplier<RuleAliases> build) {
        return new Supplier<>() {
            private volatile RuleAliases built;

            @Override
            public RuleAliases get() {
                RuleAliases aliases = built;
                if (aliases == null) {
                    synchronized (this) {
                        aliases = built == null ? build.get() : built;
                        built = aliases;
                    }
                }
                return aliases;
            }
        };
    }

    /** The Vigil rule ids that {@code name} stands for; the name itself always among them. */
    public Set<String> vigilIds(String name) {
        Set<String> ids = new HashSet<>(idsByName.getOrDefault(key(name), Set.of()));
        ids.add(name);
        return ids;
    }

    private void add(String name, String id) {
        idsByName.computeIfAbsent(key(name), k -> new HashSet<>()).add(id);
    }

    private static String key(String name) {
        return name.strip().toUpperCase(Locale.ROOT);
    }
}
