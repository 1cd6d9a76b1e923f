package dev.vigil.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.model.ApiError;
import dev.vigil.model.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An answer exactly as the server sent it, whatever its status: for tests of the raw protocol.
 * Header names are matched ignoring case. The body array is not copied.
 */
public record RawResponse(int status, Map<String, List<String>> headers, byte[] body) {

    private static final int ERROR_TEXT_LIMIT = 200;

    public RawResponse {
        headers = Headers.copyOf(headers);
        body = body == null ? new byte[0] : body;
    }

    public Optional<String> header(String name) {
        return Headers.first(headers, name);
    }

    public boolean isSuccess() {
        return status >= 200 && status < 300;
    }

    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    public JsonNode json() {
        try {
            return Json.mapper().readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException("the body is not JSON", e);
        }
    }

    public <T> T as(Class<T> type) {
        try {
            return Json.mapper().readValue(body, type);
        } catch (IOException e) {
            throw new UncheckedIOException("the body is not a " + type.getSimpleName(), e);
        }
    }

    /** The error body; one made up from the status and the text when the body is not a JSON error. */
    public ApiError error() {
        try {
            ApiError parsed = Json.mapper().readValue(body, ApiError.class);
            if (parsed != null && parsed.error() != null) {
                return parsed;
            }
        } catch (IOException | RuntimeException notAnError) {
            // fall through to the synthetic error below
        }
        return new ApiError("HTTP_" + status, body.length == 0 ? "no error body" : abbreviatedText());
    }

    private String abbreviatedText() {
        String text = text().strip();
        return text.length() <= ERROR_TEXT_LIMIT ? text : text.substring(0, ERROR_TEXT_LIMIT) + "…";
    }

    @Override
    public String toString() {
        return "RawResponse[status=" + status + ", " + body.length + " bytes]";
    }
}
