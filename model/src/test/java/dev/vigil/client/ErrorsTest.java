package dev.vigil.client;

import dev.vigil.client.RecordingServer.Answer;
import dev.vigil.model.ApiError;
import dev.vigil.model.ApiError.FieldProblem;
import dev.vigil.model.ScanType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.UUID;

import static dev.vigil.client.Fixtures.API_KEY;
import static dev.vigil.client.Fixtures.COMMIT;
import static dev.vigil.client.Fixtures.PROJECT_ID;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class ErrorsTest {

    private final RecordingServer server = RecordingServer.start();
    private final VigilClient client = VigilClient.of(server.uri(), API_KEY);

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Test
    void aRateLimitedAnswerCarriesStatusCodeMessageRequestIdAndRetryAfter() {
        String requestId = UUID.randomUUID().toString();
        server.answer(answer(429, Map.of("X-Request-ID", requestId, "Retry-After", "120"),
                Fixtures.error("RATE_LIMITED", "hourly scan limit reached")));

        VigilApiException e = catchThrowableOfType(VigilApiException.class, () -> client.submitScan(
                ScanSubmission.of(ScanArchive.of(new byte[1]), PROJECT_ID, "main", COMMIT, ScanType.SCA)));

        assertThat(e.status()).isEqualTo(429);
        assertThat(e.error()).isEqualTo(new ApiError("RATE_LIMITED", "hourly scan limit reached"));
        assertThat(e.code()).isEqualTo("RATE_LIMITED");
        assertThat(e.requestId()).contains(requestId);
        assertThat(e.retryAfter()).contains(Duration.ofMinutes(2));
        assertThat(e).hasMessage("POST /v1/scans answered 429 RATE_LIMITED: hourly scan limit reached (request "
                + requestId + ")");
    }

    @Test
    void retryAfterAsAnHttpDateBecomesTheTimeLeft() {
        String inAMinute = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC).plusSeconds(61));

        assertThat(VigilApiException.delay(inAMinute)).hasValueSatisfying(left ->
                assertThat(left).isBetween(Duration.ofSeconds(50), Duration.ofSeconds(61)));
        assertThat(VigilApiException.delay("Wed, 21 Oct 2015 07:28:00 GMT")).contains(Duration.ZERO);
        assertThat(VigilApiException.delay("soon")).isEmpty();
    }

    @Test
    void validationDetailsAreParsed() {
        server.answer(400, """
                {"error": "VALIDATION_FAILED", "message": "invalid request",
                 "details": [{"field": "commit_hash", "problem": "must be 40 or 64 hex characters"}]}""");

        VigilApiException e = catchThrowableOfType(VigilApiException.class, () -> client.getScan(UUID.randomUUID()));

        assertThat(e.error().details())
                .containsExactly(new FieldProblem("commit_hash", "must be 40 or 64 hex characters"));
        assertThat(e.retryAfter()).isEmpty();
    }

    @Test
    void aBodyThatIsNotJsonBecomesASyntheticError() {
        server.answer(answer(502, Map.of("Content-Type", "text/html"), "<html>Bad gateway</html>"))
                .answer(answer(500, Map.of(), ""))
                .answer(answer(500, Map.of(), "{\"unexpected\": true}"));

        assertThat(errorOf(() -> client.me())).isEqualTo(new ApiError("HTTP_502", "<html>Bad gateway</html>"));
        assertThat(errorOf(() -> client.me())).isEqualTo(new ApiError("HTTP_500", "no error body"));
        assertThat(errorOf(() -> client.me()).error()).isEqualTo("HTTP_500");
    }

    @Test
    void theApiKeyIsNeverShownInMessagesOrToString() {
        server.answer(401, Fixtures.error("UNAUTHORIZED", "key missing, invalid or expired"));

        VigilApiException e = catchThrowableOfType(VigilApiException.class, () -> client.me());

        assertThat(e.getMessage()).doesNotContain(API_KEY);
        assertThat(e.toString()).doesNotContain(API_KEY);
        assertThat(client.toString()).doesNotContain(API_KEY).contains(server.uri().toString());
        assertThat(VigilClient.builder(server.uri(), API_KEY).toString()).doesNotContain(API_KEY);
        assertThat(SystemClient.of(server.uri(), API_KEY).toString()).doesNotContain(API_KEY);
    }

    @Test
    void aMalformedKeyIsRefusedWithoutEchoingIt() {
        assertThatThrownBy(() -> VigilClient.of(server.uri(), "vgl_live_x\r\nX-Evil: 1"))
                .isInstanceOf(IllegalArgumentException.class).message().doesNotContain("vgl_live_x");
        assertThatThrownBy(() -> VigilClient.of(server.uri(), " ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> VigilClient.of(URI.create("ftp://host"), API_KEY))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aServerThatIsNotThereGivesAnUncheckedIoException() {
        URI closed = server.uri();
        server.close();

        assertThatThrownBy(() -> VigilClient.of(closed, API_KEY).me())
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("GET /v1/users/me failed")
                .message().doesNotContain(API_KEY);
    }

    @Test
    void interruptionThrowsAndKeepsTheInterruptFlag() {
        server.answer(200, "{}");
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> client.me()).isInstanceOf(UncheckedIOException.class)
                    .hasCauseInstanceOf(InterruptedIOException.class);
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void aRequestSlowerThanTheTimeoutFailsWithTheRequestInTheMessage() {
        server.delayAnswers(Duration.ofMillis(1500)).answer(200, "{}");
        VigilClient impatient = VigilClient.builder(server.uri(), API_KEY).timeout(Duration.ofMillis(200)).build();

        assertThatThrownBy(impatient::me).isInstanceOf(UncheckedIOException.class)
                .hasCauseInstanceOf(HttpTimeoutException.class)
                .hasMessageContaining("GET /v1/users/me");
    }

    @Test
    void theTimeoutMustBePositive() {
        assertThatThrownBy(() -> VigilClient.builder(server.uri(), API_KEY).timeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static ApiError errorOf(Runnable call) {
        return catchThrowableOfType(VigilApiException.class, call::run).error();
    }

    private static Answer answer(int status, Map<String, String> headers, String body) {
        return new Answer(status, headers, body.getBytes(StandardCharsets.UTF_8));
    }

}
