package dev.vigil.client;

import dev.vigil.client.RecordingServer.Answer;
import dev.vigil.client.RecordingServer.Recorded;
import dev.vigil.model.ApiKey;
import dev.vigil.model.CreatedApiKey;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewProject;
import dev.vigil.model.NewUser;
import dev.vigil.model.Page;
import dev.vigil.model.Project;
import dev.vigil.model.Role;
import dev.vigil.model.User;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import static dev.vigil.client.Fixtures.API_KEY;
import static dev.vigil.client.Fixtures.PROJECT_ID;
import static dev.vigil.client.Fixtures.USER_ID;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Projects, users, API keys and the health probe. */
class AccountsTest {

    private static final String PROJECT = """
            {"id": "%s", "name": "payments", "default_branch": "main", "created_at": "2025-01-01T00:00:00Z"}"""
            .formatted(PROJECT_ID);
    private static final String USER = """
            {"id": "%s", "email": "ana@example.com", "role": "admin"}""".formatted(USER_ID);

    private final RecordingServer server = RecordingServer.start();
    private final VigilClient client = VigilClient.of(server.uri(), API_KEY);

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Test
    void createsAProjectWithoutAnIdempotencyKeyUnlessGiven() {
        server.answer(201, PROJECT);

        Project project = client.createProject(new NewProject("payments", "main"));

        Recorded request = server.single();
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/v1/projects");
        assertThat(request.text()).isEqualTo("{\"name\":\"payments\",\"default_branch\":\"main\"}");
        assertThat(request.header("Idempotency-Key")).isNull();
        assertThat(project).isEqualTo(new Project(PROJECT_ID, "payments", "main",
                Instant.parse("2025-01-01T00:00:00Z")));
    }

    @Test
    void createsAProjectWithAnIdempotencyKeyAndShowsTheReplayHeader() {
        UUID key = UUID.randomUUID();
        server.answer(new Answer(201, Map.of("Content-Type", "application/json", "Idempotent-Replayed", "true"),
                PROJECT.getBytes(StandardCharsets.UTF_8)));

        Response<Project> response = client.createProjectWithHeaders(new NewProject("payments", null), key);

        assertThat(server.single().header("Idempotency-Key")).isEqualTo(key.toString());
        assertThat(response.status()).isEqualTo(201);
        assertThat(response.header("Idempotent-Replayed")).contains("true");
        assertThat(response.body().id()).isEqualTo(PROJECT_ID);
    }

    @Test
    void listsAndFetchesProjects() {
        server.answer(200, Fixtures.page(null, PROJECT)).answer(200, PROJECT);

        Page<Project> page = client.listProjects(100, "c");
        Project project = client.getProject(PROJECT_ID);

        assertThat(server.requests()).extracting(r -> r.path() + "?" + r.rawQuery())
                .containsExactly("/v1/projects?limit=100&cursor=c", "/v1/projects/" + PROJECT_ID + "?null");
        assertThat(page.data()).containsExactly(project);
    }

    @Test
    void createsListsAndIdentifiesUsers() {
        server.answer(201, USER).answer(200, Fixtures.page(null, USER)).answer(200, USER);

        User created = client.createUser(new NewUser("ana@example.com", Role.ADMIN));
        Page<User> page = client.listUsers(null, null);
        User me = client.me();

        assertThat(server.requests()).extracting(r -> r.method() + " " + r.path())
                .containsExactly("POST /v1/users", "GET /v1/users", "GET /v1/users/me");
        assertThat(server.requests().getFirst().text()).isEqualTo("{\"email\":\"ana@example.com\",\"role\":\"admin\"}");
        assertThat(created).isEqualTo(new User(USER_ID, "ana@example.com", Role.ADMIN));
        assertThat(page.data()).containsExactly(created);
        assertThat(me).isEqualTo(created);
    }

    @Test
    void createsAnApiKeyAndReadsTheKeyShownOnce() {
        UUID keyId = UUID.randomUUID();
        server.answer(201, """
                {"id": "%s", "name": "ci", "key": "vgl_live_abc", "user_id": "%s",
                 "expires_at": "2025-12-31T23:59:59Z", "created_at": "2025-01-01T00:00:00Z"}"""
                .formatted(keyId, USER_ID));

        CreatedApiKey created = client.createApiKey(new NewApiKey("ci", "2025-12-31", USER_ID));

        Recorded request = server.single();
        assertThat(request.path()).isEqualTo("/v1/api-keys");
        assertThat(request.text()).isEqualTo("{\"name\":\"ci\",\"expires_at\":\"2025-12-31\",\"user_id\":\"" + USER_ID + "\"}");
        assertThat(created.key()).isEqualTo("vgl_live_abc");
        assertThat(created.expiresAt()).isEqualTo(Instant.parse("2025-12-31T23:59:59Z"));
    }

    @Test
    void listsApiKeysWithoutTheirValue() {
        UUID keyId = UUID.randomUUID();
        server.answer(200, Fixtures.page(null, """
                {"id": "%s", "name": "ci", "user_id": "%s", "prefix": "vgl_live_ab",
                 "expires_at": "2025-12-31T23:59:59Z", "created_at": "2025-01-01T00:00:00Z", "revoked_at": null}"""
                .formatted(keyId, USER_ID)));

        Page<ApiKey> page = client.listApiKeys(20, null);

        assertThat(server.single().rawQuery()).isEqualTo("limit=20");
        assertThat(page.data()).singleElement().satisfies(key -> {
            assertThat(key.id()).isEqualTo(keyId);
            assertThat(key.revokedAt()).isNull();
        });
    }

    @Test
    void revokesAnApiKeyWithDeleteAndNoContent() {
        UUID keyId = UUID.randomUUID();
        server.answer(new Answer(204, Map.of(), new byte[0]));

        client.revokeApiKey(keyId);

        Recorded request = server.single();
        assertThat(request.method()).isEqualTo("DELETE");
        assertThat(request.path()).isEqualTo("/v1/api-keys/" + keyId);
        assertThat(request.body()).isEmpty();
    }

    @Test
    void healthIsTrueOnlyForA200() {
        server.answer(200, "{\"status\":\"UP\"}").answer(503, "{\"status\":\"DOWN\"}");

        assertThat(client.health()).isTrue();
        assertThat(client.health()).isFalse();
        assertThat(server.requests()).extracting(Recorded::path).containsOnly("/health");
    }

    @Test
    void healthIsFalseWhenNoServerListens() {
        URI closed = server.uri();
        server.close();

        assertThat(VigilClient.of(closed, API_KEY).health()).isFalse();
    }

    @Test
    void closingTheClientLeavesAGivenHttpClientOpen() {
        server.answer(200, USER).answer(200, USER);
        HttpClient http = HttpClient.newHttpClient();
        try (VigilClient first = VigilClient.builder(server.uri(), API_KEY).httpClient(http).build()) {
            first.me();
        }

        VigilClient.builder(server.uri(), API_KEY).httpClient(http).build().me();

        assertThat(server.requests()).hasSize(2);
        http.close();
    }

    @Test
    void aClosedClientNoLongerSends() {
        VigilClient closed = VigilClient.of(server.uri(), API_KEY);
        closed.close();

        assertThatThrownBy(closed::me).isInstanceOf(UncheckedIOException.class);
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void resolvesPathsUnderABaseUriWithAPathPrefix() {
        server.answer(200, USER);
        VigilClient prefixed = VigilClient.of(URI.create(server.uri() + "/vigil/"), API_KEY);

        prefixed.me();

        assertThat(server.single().path()).isEqualTo("/vigil/v1/users/me");
    }
}
