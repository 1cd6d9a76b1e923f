package dev.vigil.server.policy;

import dev.vigil.model.ScanKind;
import dev.vigil.server.scan.Detection;

/**
 * A {@code vigil:ignore} comment at {@code line} of {@code path}: it marks the secrets and IaC findings of
 * that line and the next {@code false_positive}, of any rule when {@code rule} is null.
 */
public record InlineIgnore(String path, int line, String rule, String reason) {

    public boolean matches(Detection d) {
        if (d.kind() == ScanKind.SCA || !d.path().equals(path) || (d.line() != line && d.line() != line + 1)) {
            return false;
        }
        return rule == null || d.ruleId().equalsIgnoreCase(rule) || d.aliases().stream().anyMatch(rule::equalsIgnoreCase);
    }

    /** Where it is, for a finding's history. */
    public String place() {
        return path + ":" + line;
    }
}
