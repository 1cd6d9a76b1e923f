package dev.vigil.server.triage;

import dev.vigil.model.TriageAction;

import java.time.LocalDate;
import java.util.Optional;

/** A validated triage action with the fields it needs (reason, acceptance end). */
public record TriageRequest(TriageAction action, Optional<String> reason, Optional<LocalDate> acceptedUntil) {
}
