package dev.vigil.server.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vigil.model.Json;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Reads JSON request bodies and sends records as JSON responses, with the API's one mapping. */
public final class JsonIo {

    private static final ObjectMapper MAPPER = Json.mapper();
    private static final int MAX_JSON_BODY = 1 << 20;

    private JsonIo() {
    }

    /** The body as a JSON object; 400 when it is missing, too large or not an object. */
    public static JsonNode readObject(ServerRequest request) {
        String type = request.headers().contentType().map(t -> t.mediaType().text()).orElse("");
        if (!type.isEmpty() && !type.equals("application/json")) {
            throw new ApiException(415, "UNSUPPORTED_MEDIA_TYPE", "the body must be application/json");
        }
        byte[] bytes = body(request);
        try {
            JsonNode node = bytes.length == 0 ? null : MAPPER.readTree(bytes);
            if (node == null || !node.isObject()) {
                throw ApiException.validation("body", "must be a JSON object");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw ApiException.validation("body", "is not valid JSON");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] body(ServerRequest request) {
        try (InputStream in = request.content().inputStream()) {
            byte[] bytes = in.readNBytes(MAX_JSON_BODY + 1);
            if (bytes.length > MAX_JSON_BODY) {
                throw ApiException.payloadTooLarge("a JSON body is at most 1 MiB");
            }
            return bytes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ApiException e) {
            throw e;
        } catch (RuntimeException e) {
            // Helidon's entity stream refusing the framing: a chunk size that is not hex, a body cut short
            throw ApiException.validation("body", "is not framed as its headers say (chunks or length)");
        }
    }

    public static void send(ServerResponse response, Status status, Object body) {
        response.status(status);
        response.header(HeaderNames.CONTENT_TYPE, "application/json");
        response.send(bytes(body));
    }

    public static void ok(ServerResponse response, Object body) {
        send(response, Status.OK_200, body);
    }

    public static void created(ServerResponse response, Object body) {
        send(response, Status.CREATED_201, body);
    }

    /** Sends a created resource through {@link Idempotency}: a replay is marked with Idempotent-Replayed. */
    public static void send(ServerResponse response, Idempotency.Outcome outcome) {
        if (outcome.replayed()) {
            response.header(Idempotency.REPLAYED_HEADER, "true");
        }
        response.status(Status.create(outcome.status()));
        response.header(HeaderNames.CONTENT_TYPE, "application/json");
        response.send(outcome.body().getBytes(StandardCharsets.UTF_8));
    }

    public static String text(Object body) {
        return Json.text(body);
    }

    public static byte[] bytes(Object body) {
        return Json.bytes(body);
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }
}
