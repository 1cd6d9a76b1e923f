package dev.vigil.server.scan.iac;

import dev.vigil.model.Severity;
import dev.vigil.server.scan.RuleHelp;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A compiled rule: which resources it looks at, the {@link Check} that flags them, and its own bad and
 * good examples (whole files: {@code examplePath} names them so that the scanner recognises the format), and
 * its {@link RuleHelp}.
 */
record IacRule(String id, String title, Severity severity, String cwe, String fix, List<String> aliases,
               Framework framework, Set<String> resources, Check check, String examplePath,
               List<String> bad, List<String> good, RuleHelp help) {

    IacRule {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(help, "help");
        aliases = List.copyOf(aliases);
        resources = Set.copyOf(resources);
        bad = List.copyOf(bad);
        good = List.copyOf(good);
    }
}
