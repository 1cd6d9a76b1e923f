package dev.vigil.server.decisions;

import dev.vigil.model.Decision;
import dev.vigil.model.DecisionScope;
import dev.vigil.model.FindingStatus;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/** A stored decision: what the API shows, and the tenant it belongs to. */
record DecisionRow(UUID id, UUID tenantId, DecisionScope scope, FindingStatus status, String reason,
                   LocalDate until, String createdBy, Instant createdAt) {

    Decision toDecision(int applied) {
        return new Decision(id, scope, status, reason, until, createdBy, createdAt, applied);
    }

    /** The actor and {@code accepted_by} of the changes it makes: {@code decision:<id>}. */
    String actor() {
        return "decision:" + id;
    }

    /** Whether it still applies to findings on {@code today}: open-ended, or until today included. */
    boolean liveOn(LocalDate today) {
        return until == null || !until.isBefore(today);
    }
}
