package dev.vigil.server.decisions;

import dev.vigil.model.ScanKind;

import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * A decision's scope made ready to match: the project (empty: all), the Vigil rule ids its {@code rule_id}
 * stands for (empty: any rule), the package range (SCA findings only) and the path glob.
 */
record ScopeMatcher(Optional<UUID> projectId, Set<String> ruleIds, Optional<PackageRange> packageRange,
                    Optional<PathGlob> path) {

    ScopeMatcher {
        ruleIds = Set.copyOf(ruleIds);
    }

    /** Whether the finding is in scope; the project and rule ids are matched by the query already. */
    boolean matches(Candidate finding) {
        if (path.isPresent() && !path.get().matches(finding.path())) {
            return false;
        }
        if (packageRange.isEmpty()) {
            return true;
        }
        return finding.kind() == ScanKind.SCA && ScaPackage.ofDescription(finding.description())
                .map(packageRange.get()::matches).orElse(false);
    }
}
