package dev.vigil.server.http;

import dev.vigil.model.ApiError;
import io.helidon.http.DirectHandler;
import io.helidon.http.HeaderNames;
import io.helidon.http.ServerResponseHeaders;
import io.helidon.http.Status;
import io.helidon.webserver.http.DirectHandlers;

import java.util.UUID;

/**
 * The answer to what Helidon refuses before routing (a request line or headers too long, a bad HTTP version, a
 * path it cannot decode, a body it cannot frame): the {error, message} body and an X-Request-ID, like every
 * other answer. The message is fixed per status and never echoes the request, which may carry a key.
 */
public final class RefusedBeforeRouting implements DirectHandler {

    private RefusedBeforeRouting() {
    }

    /** This handler for every kind of event. */
    public static DirectHandlers handlers() {
        DirectHandlers.Builder handlers = DirectHandlers.builder();
        for (EventType type : EventType.values()) {
            handlers.addHandler(type, new RefusedBeforeRouting());
        }
        return handlers.build();
    }

    @Override
    public TransportResponse handle(TransportRequest request, EventType eventType, Status status,
                                    ServerResponseHeaders headers, String message) {
        String id = request.headers().first(RequestIds.HEADER).flatMap(Uuids::parse).map(UUID::toString)
                .orElseGet(() -> UUID.randomUUID().toString());
        headers.set(RequestIds.HEADER, id);
        headers.set(HeaderNames.CONTENT_TYPE, "application/json");
        return TransportResponse.builder()
                .status(status)
                .headers(headers)
                .entity(JsonIo.bytes(body(status, id)))
                .build();
    }

    private static ApiError body(Status status, String id) {
        return switch (status.code()) {
            case 413 -> new ApiError("PAYLOAD_TOO_LARGE", "the request body is too large");
            case 414 -> new ApiError("URI_TOO_LONG", "the request line is too long");
            case 431 -> new ApiError("HEADERS_TOO_LARGE", "the request headers are too large");
            case 503 -> new ApiError("SERVER_BUSY", "the server is busy; retry");
            default -> status.code() < 500
                    ? new ApiError("BAD_REQUEST", "the request is malformed: " + status.reasonPhrase())
                    : new ApiError("INTERNAL_ERROR", "the server failed to process the request; quote request id "
                            + id);
        };
    }
}
