package dev.vigil.model;

import java.time.Instant;
import java.util.UUID;

/** The record a scan submission returns (specification 2.1). */
public record Scan(UUID id, ScanStatus status, UUID projectId, String branch, String commitHash,
                   ScanType scanType, Instant createdAt) {
}
