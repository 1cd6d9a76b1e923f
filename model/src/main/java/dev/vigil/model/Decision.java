package dev.vigil.model;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/**
 * A triage decision: the status it gives every finding of the tenant in its scope, now and in later scans.
 * {@code applied} is how many findings it changed when it was made; {@code until} is null when open-ended.
 */
public record Decision(UUID id, DecisionScope scope, FindingStatus status, String reason, LocalDate until,
                       String createdBy, Instant createdAt, int applied) {
}
