package dev.vigil.model;

import java.time.LocalDate;

/** Body of {@code POST /v1/decisions}: status is accepted (with until) or false_positive. */
public record NewDecision(DecisionScope scope, FindingStatus status, String reason, LocalDate until) {
}
