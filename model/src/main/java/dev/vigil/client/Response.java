package dev.vigil.client;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A successful answer with its parsed body and its headers (names matched ignoring case). */
public record Response<T>(int status, Map<String, List<String>> headers, T body) {

    public Response {
        headers = Headers.copyOf(headers);
    }

    public Optional<String> header(String name) {
        return Headers.first(headers, name);
    }

    public Optional<String> requestId() {
        return header("X-Request-ID");
    }
}
