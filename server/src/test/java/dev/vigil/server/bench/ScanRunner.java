package dev.vigil.server.bench;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilClient;
import dev.vigil.model.Scan;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.UUID;

/** Submits a scan through the typed client and polls it (every 50 ms unless told) until it has ended. */
final class ScanRunner {

    private static final long POLL_MILLIS = 50;
    private static final Duration TIMEOUT = Duration.ofMinutes(10);

    /**
     * One scan: the detail it ended with; when the client began sending it and when it sent the poll that
     * found it completed (this machine's clock, which the server shares); the upload as the client saw it
     * (sending the form until the 201); and how long that last poll took (the detail carries the SARIF log).
     * The server stamps {@code completed_at} before the transaction that merges the findings, writes the
     * SARIF log and commits: the scan is seen completed only after that transaction.
     */
    record Timing(ScanDetail detail, Instant submittedAt, double uploadSeconds, Instant seenAt,
                  double lastPollSeconds) {

        /** Submission to completed: from the first byte sent to the poll that saw it completed. */
        double totalSeconds() {
            return seconds(submittedAt, seenAt);
        }

        double queuedSeconds() {
            return seconds(detail.createdAt(), detail.startedAt());
        }

        /** Claimed by a worker to seen completed: the whole processing, merge and commit included. */
        double processingSeconds() {
            return seconds(detail.startedAt(), seenAt);
        }

        /** The server's {@code completed_at - started_at}: the processing before the merge transaction. */
        double stampedSeconds() {
            return seconds(detail.startedAt(), detail.completedAt());
        }

        private static double seconds(Instant from, Instant to) {
            return Duration.between(from, to).toNanos() / 1e9;
        }
    }

    private ScanRunner() {
    }

    static Timing run(VigilClient client, UUID projectId, byte[] archive, ScanType type, int commit) {
        return run(client, projectId, archive, type, commit, POLL_MILLIS);
    }

    static Timing run(VigilClient client, UUID projectId, byte[] archive, ScanType type, int commit, long pollMillis) {
        String hash = String.format(Locale.ROOT, "%040x", commit);
        Instant submittedAt = Instant.now();
        long start = System.nanoTime();
        Scan scan = client.submitScan(ScanSubmission.of(ScanArchive.of(archive), projectId, "main", hash, type));
        long uploaded = System.nanoTime();
        while (true) {
            Instant pollAt = Instant.now();
            long poll = System.nanoTime();
            ScanDetail detail = client.getScan(scan.id());
            if (detail.status() == ScanStatus.COMPLETED) {
                return new Timing(detail, submittedAt, (uploaded - start) / 1e9, pollAt, (System.nanoTime() - poll) / 1e9);
            }
            if (detail.status() == ScanStatus.FAILED || System.nanoTime() - uploaded > TIMEOUT.toNanos()) {
                throw new IllegalStateException("scan " + scan.id() + " is " + detail.status() + ": "
                        + detail.scanWarnings());
            }
            sleep(pollMillis);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    static String seconds(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
