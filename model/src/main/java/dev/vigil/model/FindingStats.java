package dev.vigil.model;

import java.util.Map;

/** Counts of the tenant's findings (optionally of one project) by severity, status and kind. */
public record FindingStats(long total, Map<String, Long> bySeverity, Map<String, Long> byStatus,
                           Map<String, Long> byScanType, long slaBreached) {
}
