package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.time.Instant;
import java.util.UUID;

/** A row of the scan list (specification 2.2). */
public record ScanListItem(UUID id, UUID projectId, String projectName, String branch, String commitHash,
                           ScanType scanType, ScanStatus status, int findingsCount, int criticalCount,
                           int highCount, @JsonProperty("is_blocked") boolean isBlocked, Instant createdAt,
                           Instant completedAt) {
}
