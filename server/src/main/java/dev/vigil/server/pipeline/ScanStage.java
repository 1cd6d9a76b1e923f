package dev.vigil.server.pipeline;

import dev.vigil.model.ScanKind;

import java.util.Locale;

/**
 * The stages of a scan, submission to commit, each timed on the node that runs it and reported to
 * {@link ScanMetrics} ({@code vigil_scan_stage_seconds} in {@code /metrics}).
 */
public enum ScanStage {
    /** The form read and the archive spooled to a temporary file. */
    RECEIVED,
    /** The transaction that stores the archive and inserts the scan, its commit included. */
    STORED,
    /** From the scan's {@code created_at} to a worker's claim (milliseconds of the node's clock). */
    QUEUED,
    /** Finding the next scan and claiming it. */
    CLAIMED,
    /**
     * The archive pass on the worker's thread: reading the stored archive, inflating it and cutting it into
     * files, which the engines scan meanwhile on threads of their own ({@link ScanLanes}).
     */
    INFLATED,
    /** After the archive pass, waiting for the engines to scan the files still queued for them. */
    SCANNED,
    /** The secrets engine's own time, on every file (beside the archive pass) and at its finish. */
    SECRETS,
    /** The SCA engine's own time, on every file (beside the archive pass) and at its finish. */
    SCA,
    /** The IaC engine's own time, on every file (beside the archive pass) and at its finish. */
    IAC,
    /** Reading the repository's policy against the rule catalogue. */
    POLICY,
    /** Merging the detections into the project's findings. */
    MERGE,
    /** Building the SARIF log. */
    SARIF,
    /** Marking the scan completed, queuing its comment and events, deleting its archive, and the commit. */
    COMPLETED;

    /** The engine stage of {@code kind}. */
    public static ScanStage of(ScanKind kind) {
        return switch (kind) {
            case SECRETS -> SECRETS;
            case SCA -> SCA;
            case IAC -> IAC;
        };
    }

    /** The label in {@code /metrics}: the name in lower case. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
