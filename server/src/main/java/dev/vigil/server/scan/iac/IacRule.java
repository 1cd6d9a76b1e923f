package dev.vigil.server.scan.iac;

import dev.vigil.model.Severity;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A compiled rule: which resources it looks at, the {@link Check} that flags them, and its own bad and
 * good examples (whole files: {@code examplePath} names them so that the scanner recognises the format).
 */
record IacRule(String id, String title, Severity severity, String cwe, String fix, List<String> aliases,
               Framework framework, Set<String> resources, Check check, String examplePath,
               List<String> bad, List<String> good) {

    IacRule {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(check, "check");
        aliases = List.copyOf(aliases);
        resources = Set.copyOf(resources);
        bad = List.copyOf(bad);
        good = List.copyOf(good);
    }
}
