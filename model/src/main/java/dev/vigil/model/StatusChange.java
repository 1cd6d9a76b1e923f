package dev.vigil.model;

import java.time.LocalDate;

/** Body of {@code POST /v1/repo-vulnerabilities/:id/status}. */
public record StatusChange(TriageAction action, String reason, LocalDate acceptedUntil) {

    public static StatusChange of(TriageAction action) {
        return new StatusChange(action, null, null);
    }
}
