package dev.vigil.server.api;

import dev.vigil.server.http.ApiException;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * At most {@code concurrent} received uploads are stored at once on this node: HSQLDB serialises large-object
 * writes, so without a bound a burst of submissions would hold every pooled connection and starve the reads.
 * One that waits longer than {@code patience} for its turn is answered 503 SERVER_BUSY with Retry-After.
 */
public final class UploadPermits {

    private final Semaphore permits;
    private final Duration patience;

    public UploadPermits(int concurrent, Duration patience) {
        this.permits = new Semaphore(concurrent, true);
        this.patience = patience;
    }

    <T> T holding(Supplier<T> work) {
        acquire();
        try {
            return work.get();
        } finally {
            permits.release();
        }
    }

    private void acquire() {
        try {
            if (permits.tryAcquire(patience.toMillis(), TimeUnit.MILLISECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        throw new ApiException(503, "SERVER_BUSY", "the server is busy storing other uploads; retry", List.of(),
                Map.of("Retry-After", "1"));
    }
}
