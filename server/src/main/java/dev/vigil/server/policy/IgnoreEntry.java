package dev.vigil.server.policy;

import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;
import dev.vigil.server.scan.Detection;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * One valid {@code ignore} entry of a {@code .vigil.yml}: a rule id or alias, optional path globs and package
 * range, and the status, reason and end date it gives the findings it matches.
 */
public record IgnoreEntry(int line, String rule, List<PathGlob> paths, Optional<PackageRange> pkg,
                          FindingStatus status, String reason, LocalDate until) {

    public IgnoreEntry {
        paths = List.copyOf(paths);
    }

    public boolean matches(Detection d) {
        if (!d.ruleId().equalsIgnoreCase(rule) && d.aliases().stream().noneMatch(rule::equalsIgnoreCase)) {
            return false;
        }
        if (!paths.isEmpty() && paths.stream().noneMatch(glob -> glob.matches(d.path()))) {
            return false;
        }
        return pkg.isEmpty() || d.kind() == ScanKind.SCA && pkg.get().matches(d);
    }
}
