package dev.vigil.client;

import dev.vigil.model.ApiError;

import java.io.Serial;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.Optional;

/** The server answered with a status outside 2xx; {@link #error()} is its {@code {error, message}} body. */
public final class VigilApiException extends RuntimeException {

    @Serial
    private static final long serialVersionUID = 1L;

    private final int status;
    private final transient ApiError error;
    private final String requestId;
    private final Duration retryAfter;

    public VigilApiException(String operation, int status, ApiError error, Optional<String> requestId,
                             Optional<Duration> retryAfter) {
        super(message(operation, status, error, requestId));
        this.status = status;
        this.error = Objects.requireNonNull(error, "error");
        this.requestId = requestId.orElse(null);
        this.retryAfter = retryAfter.orElse(null);
    }

    static VigilApiException of(String operation, RawResponse response) {
        return new VigilApiException(operation, response.status(), response.error(),
                response.header("X-Request-ID"), response.header("Retry-After").flatMap(VigilApiException::delay));
    }

    public int status() {
        return status;
    }

    public ApiError error() {
        return error;
    }

    /** Shorthand for {@code error().error()}, the machine code such as {@code NOT_FOUND}. */
    public String code() {
        return error.error();
    }

    public Optional<String> requestId() {
        return Optional.ofNullable(requestId);
    }

    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }

    /** {@code Retry-After} is either a number of seconds or an HTTP date. */
    static Optional<Duration> delay(String retryAfter) {
        String value = retryAfter.strip();
        try {
            return Optional.of(Duration.ofSeconds(Math.max(0, Long.parseLong(value))));
        } catch (NumberFormatException notSeconds) {
            try {
                Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
                Duration left = Duration.between(Instant.now(), at);
                return Optional.of(left.isNegative() ? Duration.ZERO : left);
            } catch (DateTimeParseException notADate) {
                return Optional.empty();
            }
        }
    }

    private static String message(String operation, int status, ApiError error, Optional<String> requestId) {
        return operation + " answered " + status + " " + error.error() + ": " + error.message()
                + requestId.map(id -> " (request " + id + ")").orElse("");
    }
}
