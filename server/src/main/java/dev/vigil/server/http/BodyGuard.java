package dev.vigil.server.http;

import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.webserver.CloseConnectionException;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Every request body passes here. It is read at a minimum rate ({@link GuardedBody}): a slower one is answered
 * 408 REQUEST_TIMEOUT and its connection closed. A refused request is answered first and then the rest of its
 * body is read and dropped, within {@link UploadSettings#drainBytes()} and {@link UploadSettings#drainTime()},
 * so that a client that writes its whole body before reading (Python's http.client, many CI tools) reads the
 * answer instead of a broken pipe; past those bounds the connection is closed. Without this guard Helidon reads
 * the rest of any refused body, however long, before the next request.
 */
public final class BodyGuard implements Filter, AutoCloseable {

    private final UploadSettings settings;
    private final ScheduledThreadPoolExecutor watches = new ScheduledThreadPoolExecutor(1,
            Thread.ofPlatform().name("vigil-body-watch").daemon().factory());

    public BodyGuard(UploadSettings settings) {
        this.settings = settings;
        watches.setRemoveOnCancelPolicy(true); // most bodies end long before their first watch
    }

    @Override
    public void filter(FilterChain chain, RoutingRequest request, RoutingResponse response) {
        if (!hasBody(request)) {
            chain.proceed();
            return;
        }
        GuardedBody body = new GuardedBody(settings, Thread.currentThread());
        request.streamFilter(body::attach);
        long period = Math.max(10, settings.rateWindow().toMillis() / 4);
        ScheduledFuture<?> watch = watches.scheduleAtFixedRate(body::watch, period, period, TimeUnit.MILLISECONDS);
        try {
            proceed(chain, request, response, body);
        } finally {
            watch.cancel(false);
            body.release();
        }
    }

    private void proceed(FilterChain chain, RoutingRequest request, RoutingResponse response, GuardedBody body) {
        try {
            chain.proceed();
        } catch (ApiException refusal) {
            ErrorMapping.refused(request, response, refusal);
        }
        if (body.slow()) {
            throw new CloseConnectionException("request body too slow");
        }
        finish(request, body);
    }

    /** Reads what is left of the body within the bounds, or closes the connection after the answer. */
    private void finish(RoutingRequest request, GuardedBody body) {
        if (request.content().consumed()) {
            return;
        }
        boolean unasked = request.headers().contains(HeaderValues.EXPECT_100) && !request.continueSent();
        long declared = request.headers().contentLength().orElse(0);
        if (unasked || declared - body.count() > settings.drainBytes()) {
            throw new CloseConnectionException("request body not read: the client did not send it or it is too long");
        }
        if (!body.attached()) {
            request.content().inputStream();
        }
        if (!body.drain()) {
            throw new CloseConnectionException("request body not read to its end within the drain's bounds");
        }
    }

    private static boolean hasBody(RoutingRequest request) {
        return request.headers().contains(HeaderNames.TRANSFER_ENCODING)
                || request.headers().contentLength().orElse(0) > 0;
    }

    @Override
    public void close() {
        watches.shutdownNow();
    }
}
