package dev.vigil.server.notify;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.client.VigilClient;
import dev.vigil.model.CreatedWebhook;
import dev.vigil.model.DeliveryStatus;
import dev.vigil.model.Json;
import dev.vigil.model.NewProject;
import dev.vigil.model.NewWebhook;
import dev.vigil.model.Project;
import dev.vigil.model.Webhook;
import dev.vigil.model.WebhookDelivery;
import dev.vigil.model.WebhookEvent;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.store.Sql;
import dev.vigil.server.testing.MutableClock;
import dev.vigil.server.testing.SetUpServer;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import dev.vigil.server.testing.WebhookReceiver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static dev.vigil.server.notify.WebhookFixtures.deliveringTo;
import static dev.vigil.server.notify.WebhookFixtures.hmac;
import static dev.vigil.server.notify.WebhookFixtures.log;
import static dev.vigil.server.notify.WebhookFixtures.path;
import static dev.vigil.server.notify.WebhookFixtures.scan;
import static dev.vigil.server.testing.Eventually.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Delivering webhooks through the outbox to a real receiver on loopback: the signature, retries after the
 * backoff, order while one is retried, pausing after repeated failures, the outbound guard at delivery time,
 * and redelivery.
 */
@VigilServerTest
class WebhookDeliveryTest {

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
    void shouldSignThePingAsGitHubSignsItsWebhooks() throws Exception {
        var tenant = server.tenant();
        String path = path();
        CreatedWebhook created = tenant.owner().createWebhook(hook(path, WebhookEvent.SCAN_COMPLETED));

        WebhookDelivery queued = tenant.owner().pingWebhook(created.id());
        var got = eventually(() -> RECEIVER.received(path), r -> r.size() == 1, "the ping arrives").getFirst();

        assertThat(got.header("X-Vigil-Signature")).isEqualTo("sha256=" + hmac(created.secret(), got.body()));
        assertThat(got.header("X-Vigil-Event")).isEqualTo("ping");
        assertThat(got.header("X-Vigil-Delivery")).isEqualTo(queued.eventId().toString());
        assertThat(got.header("Content-Type")).startsWith("application/json");
        JsonNode body = Json.mapper().readTree(got.body());
        assertThat(body.get("id").asText()).isEqualTo(queued.eventId().toString());
        assertThat(body.get("event").asText()).isEqualTo("ping");
        assertThat(body.get("tenant_id").asText()).isEqualTo(tenant.id().toString());
        assertThat(body.get("created_at").asText()).isNotBlank();
        assertThat(body.has("project_id")).isTrue();
        assertThat(body.get("data").get("webhook_id").asText()).isEqualTo(created.id().toString());
        WebhookDelivery logged = delivered(tenant.owner(), created.id(), queued.id());
        assertThat(logged.attempts()).isEqualTo(1);
        assertThat(logged.responseStatus()).isEqualTo(200);
        assertThat(logged.lastAttemptAt()).isNotNull();
        assertThat(logged.durationMs()).isNotNull().isNotNegative();
        assertThat(logged.error()).isNull();
    }

    @Test
    void shouldRetryA503AfterTheBackoffAndDeliverOnTheNextAttempt() throws Exception {
        VigilClient owner = server.tenant().owner();
        String path = path();
        RECEIVER.answer(path, 503);
        CreatedWebhook created = owner.createWebhook(hook(path, WebhookEvent.SCAN_COMPLETED));

        WebhookDelivery queued = owner.pingWebhook(created.id());
        WebhookDelivery retrying = eventually(() -> log(owner, created.id()).getFirst(),
                d -> d.attempts() == 1 && d.responseStatus() != null, "the first attempt is recorded");
        assertThat(retrying.status()).isEqualTo(DeliveryStatus.PENDING);
        assertThat(retrying.responseStatus()).isEqualTo(503);
        assertThat(retrying.error()).contains("503");
        Thread.sleep(300);
        assertThat(RECEIVER.received(path)).as("no retry before the clock reaches the backoff").hasSize(1);

        CLOCK.advance(Duration.ofSeconds(1));
        WebhookDelivery logged = delivered(owner, created.id(), queued.id());

        assertThat(logged.attempts()).isEqualTo(2);
        assertThat(logged.responseStatus()).isEqualTo(200);
        assertThat(RECEIVER.received(path)).hasSize(2).extracting(r -> r.header("X-Vigil-Delivery"))
                .containsOnly(queued.eventId().toString());
    }

    @Test
    void shouldEndADeliveryAtA4xxOtherThan408And429() throws Exception {
        VigilClient owner = server.tenant().owner();
        String path = path();
        RECEIVER.answer(path, 410);
        CreatedWebhook created = owner.createWebhook(hook(path, WebhookEvent.SCAN_COMPLETED));

        owner.pingWebhook(created.id());
        WebhookDelivery failed = eventually(() -> log(owner, created.id()).getFirst(),
                d -> d.status() == DeliveryStatus.FAILED, "the delivery fails");
        CLOCK.advance(Duration.ofSeconds(5));
        Thread.sleep(300);

        assertThat(failed.attempts()).isEqualTo(1);
        assertThat(failed.responseStatus()).isEqualTo(410);
        assertThat(RECEIVER.received(path)).hasSize(1);
    }

    @Test
    void shouldDeliverAWebhooksEventsInOrderEvenWhileTheFirstIsRetried() throws Exception {
        VigilClient owner = server.tenant().owner();
        String path = path();
        RECEIVER.answer(path, 429, 500);
        CreatedWebhook created = owner.createWebhook(hook(path, WebhookEvent.SCAN_COMPLETED));

        UUID first = owner.pingWebhook(created.id()).eventId();
        UUID second = owner.pingWebhook(created.id()).eventId();
        UUID third = owner.pingWebhook(created.id()).eventId();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (RECEIVER.received(path).size() < 5 && System.nanoTime() < deadline) {
            Thread.sleep(100);
            CLOCK.advance(Duration.ofSeconds(1));
        }
        eventually(() -> RECEIVER.received(path), r -> r.size() == 5, "three attempts of the first, then the rest");

        assertThat(RECEIVER.received(path)).extracting(r -> r.header("X-Vigil-Delivery")).containsExactly(
                first.toString(), first.toString(), first.toString(), second.toString(), third.toString());
    }

    @Test
    void shouldPauseAfterFiftyFailedDeliveriesInARowUntilResumed() throws Exception {
        var tenant = server.tenant();
        VigilClient owner = tenant.owner();
        Project project = owner.createProject(new NewProject("paused-" + UUID.randomUUID(), "main"));
        String path = path();
        RECEIVER.answerAlways(path, 400);
        CreatedWebhook created = owner.createWebhook(hook(path, WebhookEvent.SCAN_COMPLETED));

        for (int i = 0; i < WebhookDispatcher.PAUSE_AFTER - 1; i++) {
            owner.pingWebhook(created.id());
        }
        eventually(() -> RECEIVER.received(path), r -> r.size() == WebhookDispatcher.PAUSE_AFTER - 1,
                "49 failed deliveries");
        assertThat(owner.listWebhooks(null, null).data().getFirst().paused()).isFalse();
        owner.pingWebhook(created.id());
        Webhook paused = eventually(() -> owner.listWebhooks(null, null).data().getFirst(), Webhook::paused,
                "the 50th failure pauses the webhook");

        assertThat(paused.paused()).isTrue();
        scan(owner, project, "main", null, Map.of("a.txt", "nothing here\n"));
        Thread.sleep(200);
        assertThat(log(owner, created.id())).as("a paused webhook gets no event").allMatch(d -> d.event().equals("ping"))
                .hasSize(WebhookDispatcher.PAUSE_AFTER);

        RECEIVER.answerAlways(path, 204);
        Webhook resumed = owner.resumeWebhook(created.id());
        assertThat(resumed.paused()).isFalse();
        scan(owner, project, "main", null, Map.of("a.txt", "still nothing\n"));
        var got = eventually(() -> RECEIVER.received(path), r -> r.size() == WebhookDispatcher.PAUSE_AFTER + 1,
                "the event after resuming arrives");
        assertThat(got.getLast().header("X-Vigil-Event")).isEqualTo("scan.completed");
    }

    /**
     * The guard holds at delivery too: a webhook whose host now resolves to loopback (stored here by hand, as a
     * name that changed its address would be) is not called, and the delivery fails at once.
     */
    @Test
    void shouldNotCallAHostThatResolvesToLoopbackWhenDelivering() throws Exception {
        VigilClient owner = server.tenant().owner();
        String path = path();
        CreatedWebhook created = owner.createWebhook(hook(path, WebhookEvent.SCAN_COMPLETED));
        String port = RECEIVER.authority().substring(RECEIVER.authority().lastIndexOf(':') + 1);
        server.server().database().run(c -> Sql.update(c, "UPDATE webhooks SET url = ? WHERE id = ?",
                "https://localhost:" + port + path, created.id()));

        owner.pingWebhook(created.id());
        WebhookDelivery failed = eventually(() -> log(owner, created.id()).getFirst(),
                d -> d.status() != DeliveryStatus.PENDING, "the delivery ends");

        assertThat(failed.status()).isEqualTo(DeliveryStatus.FAILED);
        assertThat(failed.attempts()).isEqualTo(1);
        assertThat(failed.responseStatus()).isNull();
        assertThat(failed.error()).startsWith("not called").contains("loopback");
        assertThat(RECEIVER.received(path)).isEmpty();
    }

    @Test
    void shouldRedeliverTheSameEventAsANewDelivery() throws Exception {
        VigilClient owner = server.tenant().owner();
        String path = path();
        CreatedWebhook created = owner.createWebhook(hook(path, WebhookEvent.SCAN_COMPLETED));
        WebhookDelivery ping = owner.pingWebhook(created.id());
        delivered(owner, created.id(), ping.id());

        WebhookDelivery again = owner.redeliver(created.id(), ping.id());
        delivered(owner, created.id(), again.id());

        assertThat(again.id()).isNotEqualTo(ping.id());
        assertThat(again.eventId()).isEqualTo(ping.eventId());
        var got = RECEIVER.received(path);
        assertThat(got).hasSize(2);
        assertThat(got.get(1).body()).isEqualTo(got.get(0).body());
        assertThat(got.get(1).header("X-Vigil-Delivery")).isEqualTo(ping.eventId().toString());
        assertThat(log(owner, created.id())).extracting(WebhookDelivery::id).containsExactly(again.id(), ping.id());
        assertThat(owner.send("POST", "/v1/webhooks/" + created.id() + "/deliveries/" + UUID.randomUUID()
                + "/redeliver", Map.of(), null).status()).isEqualTo(404);
    }

    private static WebhookDelivery delivered(VigilClient client, UUID webhookId, UUID deliveryId)
            throws InterruptedException {
        return eventually(() -> log(client, webhookId).stream().filter(d -> d.id().equals(deliveryId)).findFirst()
                .orElseThrow(), d -> d.status() == DeliveryStatus.DELIVERED, "delivery " + deliveryId);
    }
}
