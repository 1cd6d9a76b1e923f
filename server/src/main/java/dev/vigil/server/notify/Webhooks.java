package dev.vigil.server.notify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vigil.model.CreatedWebhook;
import dev.vigil.model.Json;
import dev.vigil.model.NewWebhook;
import dev.vigil.model.Webhook;
import dev.vigil.model.WebhookDelivery;
import dev.vigil.server.notify.DeliveryRepository.LoggedDelivery;
import dev.vigil.server.notify.WebhookRepository.StoredWebhook;
import dev.vigil.server.pr.TokenCipher;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.ProjectRepository;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

/**
 * A tenant's webhooks: created with a random secret that is sealed at once ({@link TokenCipher}, bound to the
 * webhook's id) and shown only in the answer; listed without it; pinged, resumed, and their deliveries listed
 * and sent again.
 */
public final class Webhooks {

    /** Webhooks a tenant may have: each event is queued once per webhook that takes it. */
    static final int MAX_PER_TENANT = 25;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Database database;
    private final WebhookRepository webhooks;
    private final DeliveryRepository deliveries;
    private final Notifications notifications;
    private final ProjectRepository projects;
    private final TokenCipher cipher;
    private final Clock clock;

    Webhooks(Database database, WebhookRepository webhooks, DeliveryRepository deliveries, ProjectRepository projects,
             TokenCipher cipher, Clock clock) {
        this.database = database;
        this.webhooks = webhooks;
        this.deliveries = deliveries;
        this.notifications = new Notifications(webhooks, deliveries);
        this.projects = projects;
        this.cipher = cipher;
        this.clock = clock;
    }

    public static Webhooks create(Database database, ProjectRepository projects, TokenCipher cipher, Clock clock) {
        return new Webhooks(database, new WebhookRepository(), new DeliveryRepository(), projects, cipher, clock);
    }

    /** {@code webhook} is validated; its url passed the outbound guard. */
    public CreatedWebhook create(UUID tenantId, NewWebhook webhook) {
        UUID id = UUID.randomUUID();
        String secret = newSecret();
        long now = clock.millis();
        var stored = new StoredWebhook(id, tenantId, webhook.projectId(), webhook.url(), webhook.events(),
                webhook.format(), cipher.seal(id, secret), false, 0, now);
        database.run(c -> {
            if (webhook.projectId() != null && projects.find(c, tenantId, webhook.projectId()).isEmpty()) {
                throw WebhookRefused.invalid("project_id", "no such project in this tenant");
            }
            if (webhooks.count(c, tenantId) >= MAX_PER_TENANT) {
                throw WebhookRefused.invalid("url", "a tenant has at most " + MAX_PER_TENANT
                        + " webhooks; delete one first");
            }
            webhooks.insert(c, stored);
        });
        return new CreatedWebhook(id, webhook.url(), webhook.events(), webhook.format(), webhook.projectId(),
                secret, Instant.ofEpochMilli(now));
    }

    public List<Webhook> page(UUID tenantId, Long afterCreated, UUID afterId, int limit) {
        return database.inTransaction(c -> webhooks.page(c, tenantId, afterCreated, afterId, limit)).stream()
                .map(Webhooks::view).toList();
    }

    public void delete(UUID tenantId, UUID id) {
        if (!database.inTransaction(c -> webhooks.delete(c, tenantId, id))) {
            throw WebhookRefused.notFound("webhook");
        }
    }

    /** Queues a {@code ping} to the webhook, delivered in turn after what it already has queued. */
    public WebhookDelivery ping(UUID tenantId, UUID id) {
        return database.inTransaction(c -> {
            StoredWebhook webhook = existing(c, tenantId, id);
            ObjectNode data = Json.mapper().createObjectNode();
            data.put("webhook_id", id.toString());
            UUID delivery = notifications.emitTo(c, webhook, Notifications.PING, data, clock.millis());
            return view(deliveries.find(c, id, delivery).orElseThrow());
        });
    }

    public Webhook resume(UUID tenantId, UUID id) {
        return database.inTransaction(c -> {
            existing(c, tenantId, id);
            webhooks.resume(c, id);
            return view(existing(c, tenantId, id));
        });
    }

    /** A delivery of the log with its place in it, the key of the log's pages. */
    public record Logged(long seq, WebhookDelivery delivery) {
    }

    /** The webhook's deliveries, newest first, before {@code beforeSeq} when given. */
    public List<Logged> deliveries(UUID tenantId, UUID id, Long beforeSeq, int limit) {
        return database.inTransaction(c -> {
            existing(c, tenantId, id);
            return deliveries.page(c, id, beforeSeq, limit);
        }).stream().map(d -> new Logged(d.seq(), view(d))).toList();
    }

    /** Queues the delivery's event again, as a new delivery at the end of the webhook's queue. */
    public WebhookDelivery redeliver(UUID tenantId, UUID id, UUID deliveryId) {
        return database.inTransaction(c -> {
            existing(c, tenantId, id);
            LoggedDelivery earlier = deliveries.find(c, id, deliveryId)
                    .orElseThrow(() -> WebhookRefused.notFound("delivery"));
            UUID again = deliveries.enqueue(c, id, earlier.eventId(), clock.millis());
            return view(deliveries.find(c, id, again).orElseThrow());
        });
    }

    private StoredWebhook existing(Connection c, UUID tenantId, UUID id) throws SQLException {
        return webhooks.find(c, tenantId, id).orElseThrow(() -> WebhookRefused.notFound("webhook"));
    }

    static Webhook view(StoredWebhook w) {
        return new Webhook(w.id(), w.url(), w.events(), w.format(), w.projectId(), w.paused(),
                Instant.ofEpochMilli(w.createdAt()));
    }

    static WebhookDelivery view(LoggedDelivery d) {
        return new WebhookDelivery(d.id(), d.eventId(), d.event(), Instant.ofEpochMilli(d.createdAt()), d.attempts(),
                d.status(), d.lastAttemptAt() == null ? null : Instant.ofEpochMilli(d.lastAttemptAt()),
                d.responseStatus(), d.durationMs(), d.error());
    }

    /** 32 random bytes, base64url without padding: 43 characters. */
    private static String newSecret() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
