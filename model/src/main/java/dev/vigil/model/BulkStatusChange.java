package dev.vigil.model;

import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

/** Body of {@code POST /v1/repo-vulnerabilities/bulk-status}: one action for up to 1,000 findings. */
public record BulkStatusChange(List<UUID> ids, TriageAction action, String reason, LocalDate acceptedUntil) {
}
