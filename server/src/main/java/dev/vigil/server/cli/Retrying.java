package dev.vigil.server.cli;

import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilApiException;
import dev.vigil.client.VigilClient;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.server.cli.SubmitCommand.SubmitException;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.UUID;

/**
 * Submits with one Idempotency-Key, retrying network errors, 429 (after its Retry-After), 5xx and a request
 * still in progress; then polls the scan, printing a progress line when its status changes and every 30 s.
 */
final class Retrying {

    private static final Duration FIRST_PAUSE = Duration.ofSeconds(1);
    private static final Duration LONGEST_PAUSE = Duration.ofSeconds(30);
    private static final Duration LONGEST_RETRY_AFTER = Duration.ofMinutes(15);

    private final int retries;
    private final PrintWriter err;

    Retrying(int retries, PrintWriter err) {
        this.retries = retries;
        this.err = err;
    }

    UUID submit(VigilClient client, ScanSubmission submission) throws SubmitException {
        UUID key = UUID.randomUUID();
        Duration pause = FIRST_PAUSE;
        for (int attempt = 0; ; attempt++) {
            try {
                return client.submitScan(submission, key).id();
            } catch (UncheckedIOException | VigilApiException e) {
                Duration wait = retryable(e, pause);
                if (wait == null || attempt >= retries) {
                    throw new SubmitException("submitting the scan failed: " + e.getMessage());
                }
                err.printf("vigil: %s; retrying in %d s%n", e.getMessage(), wait.toSeconds());
                sleep(wait);
                pause = pause.multipliedBy(2).compareTo(LONGEST_PAUSE) > 0 ? LONGEST_PAUSE : pause.multipliedBy(2);
            }
        }
    }

    ScanDetail await(VigilClient client, UUID scanId, Duration timeout) throws SubmitException {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        Duration pause = Duration.ofMillis(250);
        ScanStatus shown = null;
        long lastLine = 0;
        int failures = 0;
        while (true) {
            try {
                ScanDetail scan = client.getScan(scanId);
                failures = 0;
                long elapsed = Duration.ofNanos(System.nanoTime() - start).toSeconds();
                if (scan.status() != shown || elapsed - lastLine >= 30) {
                    err.printf("vigil: scan %s (%d s)%n", scan.status().wire(), elapsed);
                    err.flush();
                    shown = scan.status();
                    lastLine = elapsed;
                }
                if (scan.status().isFinished()) {
                    return scan;
                }
            } catch (UncheckedIOException | VigilApiException e) {
                if (retryable(e, pause) == null || ++failures > retries) {
                    throw new SubmitException("waiting for the scan failed: " + e.getMessage());
                }
            }
            if (System.nanoTime() > deadline) {
                throw new SubmitException("the scan " + scanId + " did not finish within " + timeout);
            }
            sleep(pause);
            pause = pause.multipliedBy(2).compareTo(Duration.ofSeconds(5)) > 0 ? Duration.ofSeconds(5)
                    : pause.multipliedBy(2);
        }
    }

    /** How long to wait before retrying {@code e}, or null when it is not worth retrying. */
    private static Duration retryable(RuntimeException e, Duration pause) {
        if (e instanceof UncheckedIOException) {
            return pause;
        }
        VigilApiException api = (VigilApiException) e;
        if (api.status() == 429) {
            Duration after = api.retryAfter().orElse(pause);
            return after.compareTo(LONGEST_RETRY_AFTER) > 0 ? LONGEST_RETRY_AFTER : after;
        }
        if (api.status() >= 500 || api.code().equals("IDEMPOTENCY_IN_PROGRESS")) {
            return pause;
        }
        return null;
    }

    private static void sleep(Duration pause) throws SubmitException {
        try {
            Thread.sleep(pause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SubmitException("interrupted");
        }
    }
}
