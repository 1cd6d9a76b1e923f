package dev.vigil.server.vex;

import dev.vigil.model.FindingStatus;
import dev.vigil.server.decisions.ScaPackage;

import java.util.UUID;

/** An SCA finding as a VEX document states it: the advisory, the package version, the status and why. */
record VexFinding(UUID id, String ruleId, String title, ScaPackage pkg, FindingStatus status, String reason,
                  String fixAvailable) {
}
