package dev.vigil.server.notify;

import dev.vigil.client.VigilClient;
import dev.vigil.model.CreatedWebhook;
import dev.vigil.model.Json;
import dev.vigil.model.NewWebhook;
import dev.vigil.model.Role;
import dev.vigil.model.WebhookDelivery;
import dev.vigil.model.WebhookEvent;
import dev.vigil.model.WebhookFormat;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.store.Sql;
import dev.vigil.server.testing.MutableClock;
import dev.vigil.server.testing.SetUpServer;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import dev.vigil.server.testing.WebhookReceiver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

import static dev.vigil.server.notify.WebhookFixtures.deliveringTo;
import static dev.vigil.server.notify.WebhookFixtures.path;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Configuring webhooks over HTTP: the secret shown only at creation, roles and tenants, the limit per tenant,
 * the URLs the server may not call (the outbound guard), and deleting a webhook with its deliveries.
 */
@VigilServerTest
class WebhookConfigurationTest {

    private static final MutableClock CLOCK = MutableClock.startingNow();
    private static final WebhookReceiver RECEIVER = new WebhookReceiver();
    private static TestServer server;

    // runs over PostgreSQL too, in the PostgreSQL suite (see TestServer)
    @SetUpServer
    static ServerSettings settings(ServerSettings s) {
        return deliveringTo(RECEIVER, CLOCK, s);
    }

    @AfterAll
    static void closeReceiver() {
        RECEIVER.close();
    }

    private static NewWebhook hook(String path, WebhookEvent... events) {
        return WebhookFixtures.hook(RECEIVER, path, events);
    }

    @Test
    void shouldShowTheSecretOnlyWhenTheWebhookIsCreated() throws Exception {
        VigilClient owner = server.tenant().owner();
        String path = path();
        CreatedWebhook created = owner.createWebhook(hook(path, WebhookEvent.SCAN_COMPLETED));

        assertThat(created.secret()).hasSize(43).matches("[A-Za-z0-9_-]+");
        assertThat(created.url()).isEqualTo(RECEIVER.url(path));
        assertThat(created.format()).isEqualTo(WebhookFormat.JSON);
        String listed = owner.send("GET", "/v1/webhooks", Map.of(), null).text();
        assertThat(listed).contains(created.id().toString()).doesNotContain(created.secret())
                .doesNotContain("\"secret\"");
        assertThat(owner.listWebhooks(null, null).data()).singleElement()
                .satisfies(w -> assertThat(w.paused()).isFalse());
        String sealed = server.server().database().inTransaction(c -> Sql.one(c,
                "SELECT secret_sealed FROM webhooks WHERE id = ?", row -> row.getString(1), created.id())).orElseThrow();
        assertThat(sealed).startsWith("v1:").doesNotContain(created.secret());
        assertThat(created.toString()).doesNotContain(created.secret());
    }

    @Test
    void shouldRefuseMembersWith403() {
        var tenant = server.tenant();
        VigilClient member = tenant.userWith(Role.MEMBER);
        CreatedWebhook created = tenant.owner().createWebhook(hook(path(), WebhookEvent.SCAN_COMPLETED));
        byte[] body = json(hook(path(), WebhookEvent.SCAN_COMPLETED));

        for (var response : List.of(member.send("POST", "/v1/webhooks", Map.of("Content-Type", "application/json"), body),
                member.send("GET", "/v1/webhooks", Map.of(), null),
                member.send("POST", "/v1/webhooks/" + created.id() + "/ping", Map.of(), null),
                member.send("GET", "/v1/webhooks/" + created.id() + "/deliveries", Map.of(), null),
                member.send("DELETE", "/v1/webhooks/" + created.id(), Map.of(), null))) {
            assertThat(response.status()).isEqualTo(403);
            assertThat(response.error().error()).isEqualTo("INSUFFICIENT_ROLE");
        }
        assertThat(tenant.userWith(Role.ADMIN).listWebhooks(null, null).data()).hasSize(1);
    }

    @Test
    void shouldAnswer404ForAnotherTenantsWebhookAndDelivery() {
        VigilClient owner = server.tenant().owner();
        VigilClient stranger = server.tenant().owner();
        CreatedWebhook created = owner.createWebhook(hook(path(), WebhookEvent.SCAN_COMPLETED));
        WebhookDelivery ping = owner.pingWebhook(created.id());
        String base = "/v1/webhooks/" + created.id();

        for (var response : List.of(stranger.send("POST", base + "/ping", Map.of(), null),
                stranger.send("POST", base + "/resume", Map.of(), null),
                stranger.send("GET", base + "/deliveries", Map.of(), null),
                stranger.send("POST", base + "/deliveries/" + ping.id() + "/redeliver", Map.of(), null),
                stranger.send("DELETE", base, Map.of(), null))) {
            assertThat(response.status()).isEqualTo(404);
            assertThat(response.error().error()).isEqualTo("NOT_FOUND");
        }
        assertThat(stranger.listWebhooks(null, null).data()).isEmpty();
        assertThat(owner.listWebhooks(null, null).data()).hasSize(1);
    }

    @Test
    void shouldRefuseMoreThan25WebhooksPerTenant() {
        VigilClient owner = server.tenant().owner();
        for (int i = 0; i < Webhooks.MAX_PER_TENANT; i++) {
            owner.createWebhook(hook(path(), WebhookEvent.SCAN_COMPLETED));
        }

        var response = owner.send("POST", "/v1/webhooks", Map.of("Content-Type", "application/json"),
                json(hook(path(), WebhookEvent.SCAN_COMPLETED)));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error().details()).extracting("field").containsExactly("url");
        assertThat(owner.listWebhooks(100, null).data()).hasSize(Webhooks.MAX_PER_TENANT);
    }

    @Test
    void shouldRefuseUrlsTheServerMayNotCall() {
        VigilClient owner = server.tenant().owner();
        for (String url : List.of("http://example.com/hook", "https://127.0.0.1/hook", "https://10.1.2.3/hook",
                "https://169.254.169.254/latest", "https://[::1]/hook", "https://user:pw@example.com/hook",
                "ftp://example.com/hook", "not a url")) {
            var response = owner.send("POST", "/v1/webhooks", Map.of("Content-Type", "application/json"),
                    json(Map.of("url", url, "events", List.of("scan.completed"))));

            assertThat(response.status()).as(url).isEqualTo(400);
            assertThat(response.error().error()).isEqualTo("VALIDATION_FAILED");
            assertThat(response.error().message()).isNotBlank();
            assertThat(response.error().details()).extracting("field").containsExactly("url");
        }
        var unknownEvent = owner.send("POST", "/v1/webhooks", Map.of("Content-Type", "application/json"),
                json(Map.of("url", RECEIVER.url(path()), "events", List.of("scan.exploded"))));
        assertThat(unknownEvent.status()).isEqualTo(400);
        assertThat(unknownEvent.error().details()).extracting("field").containsExactly("events");
        assertThat(owner.listWebhooks(null, null).data()).isEmpty();
    }

    @Test
    void shouldForgetADeletedWebhookAndItsDeliveries() throws Exception {
        VigilClient owner = server.tenant().owner();
        CreatedWebhook created = owner.createWebhook(hook(path(), WebhookEvent.SCAN_COMPLETED));
        owner.pingWebhook(created.id());

        owner.deleteWebhook(created.id());

        assertThat(owner.listWebhooks(null, null).data()).isEmpty();
        assertThat(owner.send("GET", "/v1/webhooks/" + created.id() + "/deliveries", Map.of(), null).status())
                .isEqualTo(404);
        assertThat(owner.send("DELETE", "/v1/webhooks/" + created.id(), Map.of(), null).status()).isEqualTo(404);
    }

    private static byte[] json(Object body) {
        try {
            return Json.mapper().writeValueAsBytes(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
