package dev.vigil.client;

import dev.vigil.client.RecordingServer.Answer;
import dev.vigil.client.RecordingServer.Recorded;
import dev.vigil.model.ApiError;
import dev.vigil.model.User;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static dev.vigil.client.Fixtures.API_KEY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RawSendTest {

    private final RecordingServer server = RecordingServer.start();
    private final VigilClient client = VigilClient.of(server.uri(), API_KEY);

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Test
    void sendsAnyMethodPathHeadersAndBodyAndReturnsAnErrorAnswerWithoutThrowing() {
        server.answer(new Answer(415, Map.of("Content-Type", "application/json", "X-Request-ID", "req-1"),
                Fixtures.error("UNSUPPORTED_MEDIA_TYPE", "use multipart/form-data").getBytes(StandardCharsets.UTF_8)));

        RawResponse response = client.send("POST", "/v1/scans?x=1", Map.of("Content-Type", "text/plain",
                "Idempotency-Key", "not-a-uuid"), "hello".getBytes(StandardCharsets.UTF_8));

        Recorded request = server.single();
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/v1/scans");
        assertThat(request.rawQuery()).isEqualTo("x=1");
        assertThat(request.header("Authorization")).isEqualTo("Bearer " + API_KEY);
        assertThat(request.header("Content-Type")).isEqualTo("text/plain");
        assertThat(request.header("Idempotency-Key")).isEqualTo("not-a-uuid");
        assertThat(request.text()).isEqualTo("hello");
        assertThat(response.status()).isEqualTo(415);
        assertThat(response.isSuccess()).isFalse();
        assertThat(response.header("x-request-id")).contains("req-1");
        assertThat(response.error()).isEqualTo(new ApiError("UNSUPPORTED_MEDIA_TYPE", "use multipart/form-data"));
        assertThat(response.json().path("error").asText()).isEqualTo("UNSUPPORTED_MEDIA_TYPE");
    }

    @Test
    void givenHeadersReplaceTheDefaults() {
        server.answer(200, "{}");

        client.send("GET", "/v1/users/me", Map.of("Authorization", "Bearer other", "Accept", "text/csv"), null);

        Recorded request = server.single();
        assertThat(request.headers().get("Authorization")).containsExactly("Bearer other");
        assertThat(request.headers().get("Accept")).containsExactly("text/csv");
        assertThat(request.body()).isEmpty();
    }

    @Test
    void readsTheBodyAsARecordOrText() {
        server.answer(200, "{\"id\": \"%s\", \"email\": \"a@b.c\", \"role\": \"OWNER\"}".formatted(Fixtures.USER_ID))
                .answer(new Answer(200, Map.of(), "plain".getBytes(StandardCharsets.UTF_8)));

        RawResponse json = client.send("GET", "/v1/users/me", Map.of(), null);
        RawResponse text = client.send("GET", "/metrics", Map.of(), null);

        assertThat(json.as(User.class).email()).isEqualTo("a@b.c");
        assertThat(text.text()).isEqualTo("plain");
        assertThatThrownBy(text::json).isInstanceOf(UncheckedIOException.class);
    }

    @Test
    void headerLookupIgnoresCaseAndJoinsNamesThatDifferOnlyInCase() {
        RawResponse response = new RawResponse(200, Map.of("x-a", List.of("1"), "X-A", List.of("2")), null);

        assertThat(response.header("X-a")).isPresent();
        assertThat(response.headers().get("x-A")).containsExactlyInAnyOrder("1", "2");
        assertThat(response.body()).isEmpty();
        assertThat(response.header("missing")).isEmpty();
    }

    @Test
    void aPathWithoutLeadingSlashIsRefused() {
        assertThatThrownBy(() -> client.send("GET", "v1/scans", Map.of(), null))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
