package dev.vigil.server.api;

import dev.vigil.client.VigilApiException;
import dev.vigil.client.VigilClient;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewProject;
import dev.vigil.model.Role;
import dev.vigil.model.SubscriptionChange;
import dev.vigil.model.SubscriptionStatus;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.testing.MutableClock;
import dev.vigil.server.testing.SetUpServer;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Authentication, subscriptions and the X-Request-ID header. */
@VigilServerTest
class AccessTest {

    private static final MutableClock CLOCK = MutableClock.startingNow();
    private static TestServer server;
    private static TestServer.Tenant tenant;

    @SetUpServer
    static ServerSettings settings(ServerSettings s) {
        return s.withClock(CLOCK);
    }

    private static void assertUnauthorized(VigilClient client) {
        assertThatThrownBy(() -> client.listProjects(null, null)).isInstanceOfSatisfying(VigilApiException.class, e -> {
            assertThat(e.status()).isEqualTo(401);
            assertThat(e.code()).isEqualTo("UNAUTHORIZED");
            assertThat(e.error().message()).isNotBlank();
        });
    }

    @Test
    void refusesRequestsWithoutAKey() {
        var response = tenant.owner().send("GET", "/v1/projects", Map.of("Authorization", ""), null);

        assertThat(response.status()).isEqualTo(401);
        assertThat(response.error().error()).isEqualTo("UNAUTHORIZED");
    }

    @Test
    void refusesUnknownKeys() {
        assertUnauthorized(server.client("vgl_live_" + "x".repeat(40)));
        var basic = tenant.owner().send("GET", "/v1/projects", Map.of("Authorization", "Basic YWxhZGRpbjpvcGVu"), null);
        assertThat(basic.status()).isEqualTo(401);
    }

    @Test
    void refusesRevokedKeys() {
        var created = tenant.owner().createApiKey(new NewApiKey("to revoke", LocalDate.now(ZoneOffset.UTC)
                .plusDays(5).toString(), null));
        VigilClient client = server.client(created.key());
        assertThat(client.listProjects(null, null).data()).isNotNull();

        tenant.owner().revokeApiKey(created.id());

        assertUnauthorized(client);
    }

    @Test
    void refusesExpiredKeys() {
        var created = tenant.owner().createApiKey(new NewApiKey("short-lived",
                CLOCK.instant().plus(Duration.ofHours(1)).toString(), null));
        VigilClient client = server.client(created.key());
        assertThat(client.me().role()).isEqualTo(Role.OWNER);

        CLOCK.advance(Duration.ofHours(2));
        try {
            assertUnauthorized(client);
        } finally {
            CLOCK.advance(Duration.ofHours(-2));
        }
    }

    @Test
    void canceledSubscriptionGets402OnEveryRequest() {
        var canceled = server.tenant();
        canceled.owner().createProject(new NewProject("before", null));

        server.system().setSubscription(canceled.id(), new SubscriptionChange(null, SubscriptionStatus.CANCELED));

        for (String path : List.of("/v1/projects", "/v1/scans", "/v1/repo-vulnerabilities", "/v1/users/me")) {
            var response = canceled.owner().send("GET", path, Map.of(), null);
            assertThat(response.status()).as(path).isEqualTo(402);
            assertThat(response.error().error()).isEqualTo("ACCOUNT_CANCELED");
        }
        server.system().setSubscription(canceled.id(), new SubscriptionChange(null, SubscriptionStatus.ACTIVE));
        assertThat(canceled.owner().listProjects(null, null).data()).hasSize(1);
    }

    @Test
    void everyResponseCarriesARequestId() {
        var ok = tenant.owner().send("GET", "/v1/projects", Map.of(), null);
        var error = tenant.owner().send("GET", "/v1/scans/" + UUID.randomUUID(), Map.of(), null);
        var unknownRoute = tenant.owner().send("GET", "/v1/nothing-here", Map.of(), null);
        var unauthenticated = tenant.owner().send("GET", "/v1/projects", Map.of("Authorization", ""), null);
        var health = tenant.owner().send("GET", "/health", Map.of(), null);

        for (var response : List.of(ok, error, unknownRoute, unauthenticated, health)) {
            assertThat(response.header("X-Request-ID")).hasValueSatisfying(id -> UUID.fromString(id));
        }
        assertThat(unknownRoute.status()).isEqualTo(404);
        assertThat(unknownRoute.error().error()).isEqualTo("NOT_FOUND");
    }

    @Test
    void keepsTheClientsOwnRequestId() {
        String mine = UUID.randomUUID().toString();

        var response = tenant.owner().send("GET", "/v1/projects", Map.of("X-Request-ID", mine), null);
        var notUuid = tenant.owner().send("GET", "/v1/projects", Map.of("X-Request-ID", "abc"), null);

        assertThat(response.header("X-Request-ID")).hasValue(mine);
        assertThat(notUuid.header("X-Request-ID")).hasValueSatisfying(id -> assertThat(id).isNotEqualTo("abc"));
    }

    @Test
    void systemApiNeedsTheSystemToken() {
        var response = tenant.owner().send("GET", "/system/tenants/" + tenant.id(), Map.of(), null);

        assertThat(response.status()).isEqualTo(401);
        assertThat(server.system().getTenant(tenant.id()).id()).isEqualTo(tenant.id());
    }

    @Test
    void healthMetricsAndOpenapiNeedNoKey() {
        var anonymous = Map.of("Authorization", "");

        assertThat(tenant.owner().send("GET", "/health", anonymous, null).status()).isEqualTo(200);
        var metrics = tenant.owner().send("GET", "/metrics", anonymous, null);
        assertThat(metrics.text()).contains("vigil_queue_depth", "vigil_http_request_duration_seconds_bucket",
                "vigil_scans{status=\"pending\"}", "vigil_scan_duration_seconds", "vigil_requests_waiting 0",
                "vigil_request_wait_seconds_bucket{le=\"0.005\"}");
        assertThat(tenant.owner().send("GET", "/openapi", anonymous, null).text()).contains("openapi: 3.0.3",
                "/v1/repo-vulnerabilities/export");
    }
}
