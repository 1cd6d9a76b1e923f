package dev.vigil.server.pr;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.model.Json;
import dev.vigil.server.outbound.CappedBody;
import dev.vigil.server.outbound.OutboundGuard;
import dev.vigil.server.outbound.RefusedDestination;
import dev.vigil.server.pr.CommentPublisher.PublishException;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * JSON over HTTP to a provider through the {@link OutboundGuard}, with the error rules of the outbox:
 * unreachable, 429 and 5xx may be retried, any other status outside 2xx is final, and so is a destination
 * the guard refuses. Messages name the method, path and status with a fixed phrase, never a header or the
 * provider's own text; a reply is read up to {@link #MAX_REPLY} bytes.
 */
final class ProviderHttp {

    /** A page of 100 comments of GitHub's largest size (65,536 characters) stays under it. */
    static final int MAX_REPLY = 8 * 1024 * 1024;

    private final Supplier<CloseableHttpClient> client;
    private final OutboundGuard guard;
    private final Duration timeout;
    private final String provider;

    /** {@code client} is asked for on the first request: building one sets up TLS, which start-up need not wait for. */
    ProviderHttp(Supplier<CloseableHttpClient> client, OutboundGuard guard, Duration timeout, String provider) {
        this.client = client;
        this.guard = guard;
        this.timeout = timeout;
        this.provider = provider;
    }

    JsonNode send(String method, URI uri, Map<String, String> auth, JsonNode body) throws PublishException {
        HttpUriRequestBase request = new HttpUriRequestBase(method, uri);
        request.setHeader("Accept", "application/json");
        request.setHeader("User-Agent", "vigil-pr-comments");
        if (body != null) {
            request.setEntity(new ByteArrayEntity(Json.bytes(body), ContentType.APPLICATION_JSON));
        }
        auth.forEach(request::setHeader);
        String call = method + " " + uri.getRawPath();
        Reply reply;
        // the whole call, however slowly the provider answers, ends by the timeout
        var watchdog = CompletableFuture.runAsync(request::cancel,
                CompletableFuture.delayedExecutor(timeout.toMillis(), TimeUnit.MILLISECONDS));
        try {
            guard.check(uri);
            reply = client.get().execute(request, response -> read(request, response));
        } catch (RefusedDestination e) {
            throw new PublishException(provider + " was not called (" + call + "): " + e.getMessage(), false);
        } catch (CappedBody.TooLarge e) {
            throw new PublishException(provider + " answered " + call + " with more than " + MAX_REPLY
                    + " bytes", false);
        } catch (IOException e) {
            throw new PublishException(provider + " is unreachable (" + call + "): " + e.getClass().getSimpleName(),
                    true);
        } finally {
            watchdog.cancel(false);
        }
        if (reply.status() / 100 != 2) {
            throw new PublishException(provider + " answered " + reply.status() + " to " + call + ": "
                    + meaning(reply.status()), retryable(reply.status()), reply.retryAfter().orElse(null));
        }
        try {
            return reply.body().length == 0 ? null : Json.mapper().readTree(reply.body());
        } catch (IOException e) {
            throw new PublishException(provider + " answered " + reply.status() + " with a body that is not JSON",
                    true);
        }
    }

    private record Reply(int status, Optional<Duration> retryAfter, byte[] body) {
    }

    /** A refusal's body is not read: its text is the provider's and is never shown. */
    private static Reply read(HttpUriRequestBase request, ClassicHttpResponse response) throws IOException {
        int status = response.getCode();
        Optional<Duration> retryAfter = Optional.ofNullable(response.getFirstHeader("Retry-After"))
                .flatMap(h -> seconds(h.getValue()));
        boolean success = status / 100 == 2 && response.getEntity() != null;
        byte[] body = success ? CappedBody.read(response.getEntity(), MAX_REPLY, request) : new byte[0];
        return new Reply(status, retryAfter, body);
    }

    private static boolean retryable(int status) {
        return status == 429 || status >= 500 || status == 408;
    }

    /** A fixed phrase per status, in place of the provider's text. */
    private static String meaning(int status) {
        return switch (status) {
            case 401 -> "the token was refused";
            case 403 -> "the token may not do this";
            case 404 -> "no such repository or pull request, or the token cannot see it";
            case 408, 429 -> "try again later";
            case 422 -> "the request was refused";
            default -> status >= 500 ? "the provider failed" : "unexpected status";
        };
    }

    private static Optional<Duration> seconds(String value) {
        try {
            return Optional.of(Duration.ofSeconds(Math.min(3600, Math.max(0, Long.parseLong(value.strip())))));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
