package dev.vigil.server.pr;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.server.http.JsonIo;
import dev.vigil.server.pr.CommentPublisher.PublishException;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;

/**
 * JSON over HTTP to a provider, with the error rules of the outbox: unreachable, 429 and 5xx may be retried,
 * any other status outside 2xx is final. Messages name the method, path and status, never a header.
 */
final class ProviderHttp {

    private final Supplier<HttpClient> client;
    private final Duration timeout;
    private final String provider;

    /** {@code client} is asked for on the first request: building one sets up TLS, which start-up need not wait for. */
    ProviderHttp(Supplier<HttpClient> client, Duration timeout, String provider) {
        this.client = client;
        this.timeout = timeout;
        this.provider = provider;
    }

    JsonNode send(String method, URI uri, Map<String, String> auth, JsonNode body) throws PublishException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout)
                .header("Accept", "application/json")
                .header("User-Agent", "vigil-pr-comments")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(JsonIo.bytes(body)));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        auth.forEach(request::setHeader);
        HttpResponse<byte[]> response;
        try {
            response = client.get().send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new PublishException(provider + " is unreachable (" + method + " " + uri.getRawPath() + "): "
                    + e.getClass().getSimpleName(), true);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PublishException("interrupted while calling " + provider, true);
        }
        int status = response.statusCode();
        if (status / 100 != 2) {
            throw new PublishException(provider + " answered " + status + " to " + method + " " + uri.getRawPath()
                    + message(response.body()), status == 429 || status >= 500 || status == 408,
                    response.headers().firstValue("Retry-After").flatMap(ProviderHttp::seconds).orElse(null));
        }
        try {
            return response.body().length == 0 ? null : JsonIo.mapper().readTree(response.body());
        } catch (IOException e) {
            throw new PublishException(provider + " answered " + status + " with a body that is not JSON", true);
        }
    }

    private static java.util.Optional<Duration> seconds(String value) {
        try {
            return java.util.Optional.of(Duration.ofSeconds(Math.min(3600, Math.max(0, Long.parseLong(value.strip())))));
        } catch (NumberFormatException e) {
            return java.util.Optional.empty();
        }
    }

    /** The provider's own {@code message}, clipped: it explains a 401 or 404 to the user. */
    private static String message(byte[] body) {
        try {
            JsonNode node = JsonIo.mapper().readTree(body);
            String text = node == null ? "" : node.path("message").asText(node.path("error").asText(""));
            return text.isBlank() ? "" : ": " + (text.length() > 200 ? text.substring(0, 200) : text);
        } catch (IOException | RuntimeException e) {
            String text = new String(body, 0, Math.min(body.length, 200), StandardCharsets.UTF_8).strip();
            return text.isEmpty() ? "" : ": " + text.replaceAll("\\s+", " ");
        }
    }
}
