package dev.vigil.client;

import dev.vigil.model.ScanDetail;

import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.UUID;
import java.util.function.Function;

/** Polls a scan with exponential backoff until it has completed or failed, or the time is up. */
final class ScanPoller {

    static final ScanPoller DEFAULT = new ScanPoller(Duration.ofMillis(200), Duration.ofSeconds(5));

    private final Duration first;
    private final Duration longest;

    ScanPoller(Duration first, Duration longest) {
        this.first = first;
        this.longest = longest;
    }

    ScanDetail await(UUID scanId, Duration timeout, Function<UUID, ScanDetail> fetch) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Duration pause = first;
        while (true) {
            ScanDetail scan = fetch.apply(scanId);
            if (scan.status().isFinished()) {
                return scan;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new ScanTimeoutException(scan, timeout);
            }
            sleep(Duration.ofNanos(Math.min(left, pause.toNanos())));
            pause = pause.multipliedBy(2).compareTo(longest) > 0 ? longest : pause.multipliedBy(2);
        }
    }

    private static void sleep(Duration pause) {
        try {
            Thread.sleep(pause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            InterruptedIOException cause = new InterruptedIOException("interrupted while waiting for a scan");
            cause.initCause(e);
            throw new UncheckedIOException(cause);
        }
    }
}
