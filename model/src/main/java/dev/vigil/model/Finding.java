package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/**
 * A finding (specification 2.4). Besides the specified fields it carries the assignee's user id and the
 * acceptance, which the export also shows.
 */
public record Finding(UUID id, String fingerprint, UUID projectId, String projectName, String ruleId,
                      Severity severity, FindingStatus status, ScanKind scanType, String location,
                      String description, String fixAvailable,
                      @JsonProperty("is_breaking") boolean isBreaking,
                      @JsonProperty("is_direct") boolean isDirect,
                      String cwe, String assignedTo, UUID assignedToUserId, String acceptedBy,
                      String acceptedReason, LocalDate acceptedUntil, Instant slaDeadline,
                      boolean slaBreached, Instant firstSeen, Instant lastSeen) {
}
