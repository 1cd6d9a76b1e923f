package dev.vigil.server.triage;

import dev.vigil.model.ProjectPolicy;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import dev.vigil.server.scan.Detection;

/** Which introduced findings block a pull request: at or above a severity, and (by default) any secret. */
public record BlockingPolicy(Severity blockSeverity, boolean blockOnNewSecrets) {

    public static BlockingPolicy defaults() {
        return new BlockingPolicy(Severity.HIGH, true);
    }

    public static BlockingPolicy of(ProjectPolicy policy) {
        return new BlockingPolicy(policy.blockSeverity(), policy.blockOnNewSecrets());
    }

    public boolean blocks(Detection introduced) {
        return introduced.severity().atLeast(blockSeverity)
                || (blockOnNewSecrets && introduced.kind() == ScanKind.SECRETS);
    }
}
