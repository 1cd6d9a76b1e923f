package dev.vigil.model;

import java.time.Instant;

/** One change of a finding: who (a user's email, or {@code scan:<id>}), when, from, to, why. */
public record HistoryEntry(Instant at, String actor, FindingStatus from, FindingStatus to, String action,
                           String reason) {
}
