package dev.vigil.server.decisions;

import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;

import java.util.UUID;

/** A finding a decision may change: what its scope is matched against. */
record Candidate(UUID id, UUID projectId, String ruleId, ScanKind kind, String path, String description,
                 FindingStatus status) {
}
