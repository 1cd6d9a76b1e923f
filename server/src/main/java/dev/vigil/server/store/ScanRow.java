package dev.vigil.server.store;

import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;

import java.util.UUID;

/** A scan as stored, with what the API and the workers read of it. Timestamps are epoch milliseconds. */
public record ScanRow(UUID id, UUID tenantId, UUID projectId, String projectName, String branch, String commitHash,
                      ScanType scanType, ScanStatus status, Integer prId, String changedFiles, long createdAt,
                      Long startedAt, Long completedAt, int attempts, Counts counts, boolean isBlocked,
                      String warnings, String prCommentStatus) {

    /** Counts by severity, and for pull-request scans introduced, debt and blocking (null otherwise). */
    public record Counts(int critical, int high, int medium, int low, int info, Integer introduced, Integer debt,
                         Integer blocking) {

        public static final Counts NONE = new Counts(0, 0, 0, 0, 0, null, null, null);

        public int total() {
            return critical + high + medium + low + info;
        }
    }
}
