package dev.vigil.server.notify;

import dev.vigil.server.outbound.OutboundGuard;
import dev.vigil.server.outbound.RefusedDestination;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.io.CloseMode;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One POST of a delivery through the {@link OutboundGuard}, bounded by the timeout as a whole. The answer is
 * only its status and {@code Retry-After}: the receiver's body is never read, stored or shown.
 */
final class WebhookHttp implements AutoCloseable {

    /** How an attempt ended: a status ({@code 0} when no answer came), or a fixed description of why not. */
    record Outcome(int status, Optional<Duration> retryAfter, String error, boolean retryable) {

        boolean delivered() {
            return status / 100 == 2;
        }
    }

    private final OutboundGuard guard;
    private final Duration timeout;
    private CloseableHttpClient client;

    WebhookHttp(OutboundGuard guard, Duration timeout) {
        this.guard = guard;
        this.timeout = timeout;
    }

    Outcome post(URI url, Map<String, String> headers, byte[] body) {
        HttpPost request = new HttpPost(url);
        request.setEntity(new ByteArrayEntity(body, ContentType.APPLICATION_JSON));
        request.setHeader("User-Agent", "vigil-webhooks");
        headers.forEach(request::setHeader);
        var watchdog = CompletableFuture.runAsync(request::cancel,
                CompletableFuture.delayedExecutor(timeout.toMillis(), TimeUnit.MILLISECONDS));
        try {
            guard.check(url);
            return client().execute(request, response -> {
                int status = response.getCode();
                Optional<Duration> retryAfter = Optional.ofNullable(response.getFirstHeader("Retry-After"))
                        .flatMap(h -> seconds(h.getValue()));
                return status / 100 == 2 ? new Outcome(status, Optional.empty(), null, false)
                        : new Outcome(status, retryAfter, "the receiver answered " + status, retryable(status));
            });
        } catch (RefusedDestination e) {
            return new Outcome(0, Optional.empty(), "not called: " + e.getMessage(), false);
        } catch (IOException e) {
            return new Outcome(0, Optional.empty(), "the receiver is unreachable: " + e.getClass().getSimpleName(),
                    true);
        } finally {
            watchdog.cancel(false);
        }
    }

    private static boolean retryable(int status) {
        return status == 408 || status == 429 || status >= 500;
    }

    private static Optional<Duration> seconds(String value) {
        try {
            return Optional.of(Duration.ofSeconds(Math.min(3600, Math.max(0, Long.parseLong(value.strip())))));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Built at the first delivery: building one sets up TLS, which start-up need not wait for. */
    private synchronized CloseableHttpClient client() {
        if (client == null) {
            client = guard.client(timeout, 0);
        }
        return client;
    }

    @Override
    public synchronized void close() {
        if (client != null) {
            client.close(CloseMode.IMMEDIATE);
        }
    }
}
