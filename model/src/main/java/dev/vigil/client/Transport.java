package dev.vigil.client;

import com.fasterxml.jackson.databind.JavaType;
import dev.vigil.model.Json;
import dev.vigil.model.Page;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.Objects;

/**
 * The HTTP plumbing the API clients share: base URI, bearer credential, timeout, error mapping. The
 * credential appears in the Authorization header and nowhere else (not in messages, not in toString).
 */
final class Transport implements AutoCloseable {

    private static final int ERROR_BODY_LIMIT = 64 * 1024;

    private final HttpClient http;
    private final String base;
    private final String authorization;
    private final Duration timeout;
    private final boolean ownsHttp;

    /** {@code ownsHttp}: the HTTP client was made for this transport, and is closed with it. */
    Transport(URI baseUri, String credential, HttpClient http, Duration timeout, boolean ownsHttp) {
        this.base = checkedBase(baseUri);
        this.authorization = "Bearer " + checkedCredential(credential);
        this.http = Objects.requireNonNull(http, "http");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.ownsHttp = ownsHttp;
    }

    static JavaType type(Class<?> type) {
        return Json.mapper().constructType(type);
    }

    static JavaType pageOf(Class<?> item) {
        return Json.mapper().getTypeFactory().constructParametricType(Page.class, item);
    }

    URI baseUri() {
        return URI.create(base);
    }

    /** Sends and returns the answer whatever its status. */
    RawResponse raw(Exchange exchange) {
        HttpResponse<byte[]> response = execute(exchange, BodyHandlers.ofByteArray());
        return new RawResponse(response.statusCode(), response.headers().map(), response.body());
    }

    /** Sends, throws {@link VigilApiException} unless the status is 2xx, and parses the body. */
    <T> Response<T> call(Exchange exchange, JavaType type) {
        RawResponse response = success(exchange, raw(exchange));
        try {
            T body = Json.mapper().readValue(response.body(), type);
            return new Response<>(response.status(), response.headers(), body);
        } catch (IOException e) {
            throw new UncheckedIOException("unreadable answer to " + exchange.describe(), e);
        }
    }

    <T> T get(String pathAndQuery, JavaType type) {
        return this.<T>call(Exchange.get(pathAndQuery), type).body();
    }

    /** Sends and throws unless the status is 2xx; the body is ignored. */
    RawResponse callIgnoringBody(Exchange exchange) {
        return success(exchange, raw(exchange));
    }

    /** Sends and hands over the body as a stream once the status is known to be 2xx; the caller closes it. */
    InputStream stream(Exchange exchange) {
        HttpResponse<InputStream> response = execute(exchange, BodyHandlers.ofInputStream());
        if (response.statusCode() / 100 == 2) {
            return response.body();
        }
        try (InputStream in = response.body()) {
            byte[] error = in.readNBytes(ERROR_BODY_LIMIT);
            throw VigilApiException.of(exchange.describe(),
                    new RawResponse(response.statusCode(), response.headers().map(), error));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the error answer to " + exchange.describe(), e);
        }
    }

    private static RawResponse success(Exchange exchange, RawResponse response) {
        if (!response.isSuccess()) {
            throw VigilApiException.of(exchange.describe(), response);
        }
        return response;
    }

    private <B> HttpResponse<B> execute(Exchange exchange, BodyHandler<B> handler) {
        try {
            return http.send(request(exchange), handler);
        } catch (IOException e) {
            throw new UncheckedIOException(exchange.describe() + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            InterruptedIOException cause = new InterruptedIOException(exchange.describe() + " was interrupted");
            cause.initCause(e);
            throw new UncheckedIOException(cause);
        }
    }

    private HttpRequest request(Exchange exchange) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + exchange.pathAndQuery()))
                .timeout(timeout)
                .header("Authorization", authorization)
                .header("Accept", "application/json")
                .method(exchange.method(), exchange.body());
        exchange.headers().forEach(builder::setHeader);
        return builder.build();
    }

    private static String checkedBase(URI baseUri) {
        String scheme = Objects.requireNonNull(baseUri, "baseUri").getScheme();
        if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme)
                || baseUri.getRawQuery() != null || baseUri.getRawFragment() != null) {
            throw new IllegalArgumentException("the base URI must be http(s) without query or fragment: " + baseUri);
        }
        String text = baseUri.toString();
        return text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
    }

    private static String checkedCredential(String credential) {
        if (credential == null || credential.isBlank() || credential.chars().anyMatch(c -> c <= ' ' || c == 127)) {
            throw new IllegalArgumentException("the API key or token must be non-empty, without spaces or controls");
        }
        return credential;
    }

    /** Closes the HTTP client if this transport made it; one given by the caller stays open. */
    @Override
    public void close() {
        if (ownsHttp) {
            http.close();
        }
    }

    @Override
    public String toString() {
        return "Transport[" + base + "]";
    }
}
