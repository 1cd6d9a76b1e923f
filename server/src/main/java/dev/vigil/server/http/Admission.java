package dev.vigil.server.http;

import io.helidon.http.Method;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleConsumer;

/**
 * Admission of API requests: at most {@code concurrent} run at once and the others wait their turn in the
 * order they came (a fair semaphore). Without it, a burst of requests queues for the database pool, where a
 * newcomer can take a connection before one that has waited for seconds: the slowest answers grow without
 * bound and, past the pool's timeout, fail with 500. With it, under load every request waits about as long
 * as any other. One that waits longer than {@code patience} is answered 503 SERVER_BUSY with Retry-After.
 * Each request's wait goes to {@code waited} (seconds), for {@code /metrics}: under load it is most of the
 * latency, and it tells queueing (too few nodes) from slow work.
 *
 * <p>Scan uploads and exports pass: they last as long as the client sends or reads, and have limits of their
 * own ({@link dev.vigil.server.api.ScanSubmissions}' concurrent uploads, the export's row limit).
 */
public final class Admission implements Filter {

    private final Semaphore permits;
    private final Duration patience;
    private final DoubleConsumer waited;

    public Admission(int concurrent, Duration patience, DoubleConsumer waited) {
        this.permits = new Semaphore(concurrent, true);
        this.patience = patience;
        this.waited = waited;
    }

    @Override
    public void filter(FilterChain chain, RoutingRequest request, RoutingResponse response) {
        if (!waitsItsTurn(request.prologue().method(), request.path().path())) {
            chain.proceed();
            return;
        }
        long arrived = System.nanoTime();
        boolean admitted = admitted();
        waited.accept((System.nanoTime() - arrived) / 1e9);
        if (!admitted) {
            ErrorMapping.refused(request, response, new ApiException(503, "SERVER_BUSY",
                    "the server is busy: every request slot was taken for " + patience.toSeconds() + " s; retry",
                    List.of(), Map.of("Retry-After", "1")));
            return;
        }
        try {
            chain.proceed();
        } finally {
            permits.release();
        }
    }

    /** Requests waiting for their turn now (an estimate, for {@code /metrics}). */
    public int waiting() {
        return permits.getQueueLength();
    }

    static boolean waitsItsTurn(Method method, String path) {
        if (!path.startsWith("/v1/")) {
            return false;
        }
        boolean upload = method == Method.POST && (path.equals("/v1/scans") || path.equals("/v1/scans/"));
        return !upload && !path.endsWith("/export");
    }

    private boolean admitted() {
        try {
            return permits.tryAcquire(patience.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
