package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Everything about one scan, with its raw SARIF log once it has completed (specification 2.3); {@code policy}
 * is what the repository's policy did, null before the scan completed.
 */
public record ScanDetail(UUID id, UUID projectId, String projectName, String branch, String commitHash,
                         ScanType scanType, ScanStatus status, int findingsCount, int criticalCount,
                         int highCount, @JsonProperty("is_blocked") boolean isBlocked, Instant createdAt,
                         Instant completedAt, Integer prId, List<String> changedFiles,
                         List<ScanWarning> scanWarnings, Instant startedAt, ScanSummary summary,
                         PrComment prComment, ScanPolicy policy, JsonNode sarif) {

    public ScanDetail {
        changedFiles = changedFiles == null ? null : List.copyOf(changedFiles);
        scanWarnings = scanWarnings == null ? List.of() : List.copyOf(scanWarnings);
    }
}
