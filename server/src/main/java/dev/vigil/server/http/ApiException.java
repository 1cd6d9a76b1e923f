package dev.vigil.server.http;

import dev.vigil.model.ApiError;
import dev.vigil.model.ApiError.FieldProblem;

import java.util.List;
import java.util.Map;

/**
 * A request the API refuses: the HTTP status, the machine code and message of the error body, and the
 * headers that go with it (such as {@code Retry-After}). Thrown anywhere; mapped once by {@link ErrorMapping}.
 */
public final class ApiException extends RuntimeException {

    private final int status;
    private final String code;
    private final List<FieldProblem> details;
    private final Map<String, String> headers;

    public ApiException(int status, String code, String message, List<FieldProblem> details,
                        Map<String, String> headers) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.details = List.copyOf(details);
        this.headers = Map.copyOf(headers);
    }

    public ApiException(int status, String code, String message) {
        this(status, code, message, List.of(), Map.of());
    }

    public static ApiException validation(String field, String problem) {
        return validation(List.of(new FieldProblem(field, problem)));
    }

    public static ApiException validation(List<FieldProblem> problems) {
        String message = problems.stream().map(p -> p.field() + ": " + p.problem())
                .reduce((a, b) -> a + "; " + b).orElse("invalid request");
        return new ApiException(400, "VALIDATION_FAILED", message, problems, Map.of());
    }

    public static ApiException notFound(String what) {
        return new ApiException(404, "NOT_FOUND", what + " not found");
    }

    public static ApiException unauthorized(String message) {
        return new ApiException(401, "UNAUTHORIZED", message);
    }

    public static ApiException insufficientRole(String message) {
        return new ApiException(403, "INSUFFICIENT_ROLE", message);
    }

    public static ApiException forbidden(String message) {
        return new ApiException(403, "FORBIDDEN", message);
    }

    public static ApiException invalidTransition(String message) {
        return new ApiException(409, "INVALID_TRANSITION", message);
    }

    public static ApiException invalidCursor() {
        return new ApiException(400, "INVALID_CURSOR", "cursor is malformed or belongs to other filters");
    }

    public static ApiException payloadTooLarge(String message) {
        return new ApiException(413, "PAYLOAD_TOO_LARGE", message);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public Map<String, String> headers() {
        return headers;
    }

    public ApiError body() {
        return new ApiError(code, getMessage(), details);
    }
}
