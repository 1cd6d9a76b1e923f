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

    /**
     * A scan of {@code projectId} for {@code tenantId}; what is not set is as a new scan has it: pending, no
     * counts, no PR comment requested.
     */
    public static Builder builder(UUID id, UUID tenantId, UUID projectId) {
        return new Builder(id, tenantId, projectId);
    }

    /** Names each column of a row, a new one or one read back; what is not set stays as a pending scan has it. */
    public static final class Builder {

        private final UUID id;
        private final UUID tenantId;
        private final UUID projectId;
        private String projectName;
        private String branch;
        private String commitHash;
        private ScanType scanType;
        private ScanStatus status = ScanStatus.PENDING;
        private Integer prId;
        private String changedFiles;
        private long createdAt;
        private Long startedAt;
        private Long completedAt;
        private int attempts;
        private Counts counts = Counts.NONE;
        private boolean blocked;
        private String warnings;
        private String prCommentStatus = "not_requested";

        private Builder(UUID id, UUID tenantId, UUID projectId) {
            this.id = id;
            this.tenantId = tenantId;
            this.projectId = projectId;
        }

        /** The project's name, as a read joined with {@code projects} gives it. */
        public Builder projectName(String name) {
            this.projectName = name;
            return this;
        }

        /** The branch and commit scanned. */
        public Builder commit(String branchName, String hash) {
            this.branch = branchName;
            this.commitHash = hash;
            return this;
        }

        public Builder scanType(ScanType value) {
            this.scanType = value;
            return this;
        }

        public Builder status(ScanStatus value) {
            this.status = value;
            return this;
        }

        /** A pull-request scan: its number and the files it changed (a JSON list, or null for all). */
        public Builder pullRequest(Integer number, String changedFilesJson) {
            this.prId = number;
            this.changedFiles = changedFilesJson;
            return this;
        }

        public Builder createdAt(long millis) {
            this.createdAt = millis;
            return this;
        }

        /** Claimed by a worker at {@code millis} (null: not yet), its {@code attempt}-th claim. */
        public Builder started(Long millis, int attempt) {
            this.startedAt = millis;
            this.attempts = attempt;
            return this;
        }

        /** Finished at {@code millis}, completed or failed; null while it runs. */
        public Builder completedAt(Long millis) {
            this.completedAt = millis;
            return this;
        }

        public Builder counts(Counts value, boolean isBlocked) {
            this.counts = value;
            this.blocked = isBlocked;
            return this;
        }

        /** The scan's warnings as stored (a JSON list), or null for none. */
        public Builder warnings(String json) {
            this.warnings = json;
            return this;
        }

        public Builder prCommentStatus(String value) {
            this.prCommentStatus = value;
            return this;
        }

        public ScanRow build() {
            return new ScanRow(id, tenantId, projectId, projectName, branch, commitHash, scanType, status, prId,
                    changedFiles, createdAt, startedAt, completedAt, attempts, counts, blocked, warnings,
                    prCommentStatus);
        }
    }
}
