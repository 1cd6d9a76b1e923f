package dev.vigil.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.vigil.model.Json;

import java.io.UncheckedIOException;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/** One request to send: method, path and query under the base URI, extra headers, body. */
record Exchange(String method, String pathAndQuery, Map<String, String> headers, BodyPublisher body) {

    Exchange {
        if (!pathAndQuery.startsWith("/")) {
            throw new IllegalArgumentException("the path must start with '/': " + pathAndQuery);
        }
        headers = Map.copyOf(headers);
    }

    static Exchange get(String pathAndQuery) {
        return new Exchange("GET", pathAndQuery, Map.of(), BodyPublishers.noBody());
    }

    static Exchange delete(String pathAndQuery) {
        return new Exchange("DELETE", pathAndQuery, Map.of(), BodyPublishers.noBody());
    }

    /** A request whose body is {@code body} as JSON; a null field is sent as JSON null. */
    static Exchange json(String method, String pathAndQuery, Object body) {
        try {
            byte[] bytes = Json.mapper().writeValueAsBytes(body);
            return new Exchange(method, pathAndQuery, Map.of("Content-Type", "application/json"),
                    BodyPublishers.ofByteArray(bytes));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("cannot write " + body.getClass().getSimpleName() + " as JSON", e);
        }
    }

    static Exchange multipart(String pathAndQuery, MultipartForm form) {
        return new Exchange("POST", pathAndQuery, Map.of("Content-Type", form.contentType()), form.publisher());
    }

    Exchange withHeader(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new Exchange(method, pathAndQuery, more, body);
    }

    Exchange withIdempotencyKey(UUID key) {
        return withHeader("Idempotency-Key", key.toString());
    }

    /** What the request was, for messages: never a header value. */
    String describe() {
        return method + " " + pathAndQuery;
    }
}
