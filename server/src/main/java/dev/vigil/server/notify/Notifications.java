package dev.vigil.server.notify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vigil.model.Json;
import dev.vigil.server.notify.WebhookRepository.StoredWebhook;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Queues an event for the webhooks that take it, inside the caller's transaction: an event is queued exactly
 * when the change it reports commits. The body is the JSON envelope {@code {id, event, created_at, tenant_id,
 * project_id, data}}, stored once and sent (or turned into a Slack message) by the dispatcher.
 */
public final class Notifications {

    static final String PING = "ping";

    private final WebhookRepository webhooks;
    private final DeliveryRepository deliveries;

    Notifications(WebhookRepository webhooks, DeliveryRepository deliveries) {
        this.webhooks = webhooks;
        this.deliveries = deliveries;
    }

    /** The notifications over their own repositories. */
    public static Notifications create() {
        return new Notifications(new WebhookRepository(), new DeliveryRepository());
    }

    /** Whether some webhook takes {@code event} for the project: lets a caller skip building the data. */
    boolean wanted(Connection c, UUID tenantId, UUID projectId, String event) throws SQLException {
        return !webhooks.subscribers(c, tenantId, projectId, event).isEmpty();
    }

    /** Queues {@code event} for every unpaused webhook of the tenant that takes it for {@code projectId}. */
    void emit(Connection c, UUID tenantId, UUID projectId, String event, ObjectNode data, long now)
            throws SQLException {
        List<StoredWebhook> targets = webhooks.subscribers(c, tenantId, projectId, event);
        if (targets.isEmpty()) {
            return;
        }
        UUID eventId = store(c, tenantId, projectId, event, data, now);
        for (StoredWebhook target : targets) {
            deliveries.enqueue(c, target.id(), eventId, now);
        }
    }

    /** Queues {@code event} for this one webhook, whatever it subscribed to (a ping); the delivery's id. */
    UUID emitTo(Connection c, StoredWebhook webhook, String event, ObjectNode data, long now) throws SQLException {
        UUID eventId = store(c, webhook.tenantId(), webhook.projectId(), event, data, now);
        return deliveries.enqueue(c, webhook.id(), eventId, now);
    }

    private UUID store(Connection c, UUID tenantId, UUID projectId, String event, ObjectNode data, long now)
            throws SQLException {
        UUID eventId = UUID.randomUUID();
        ObjectNode body = Json.mapper().createObjectNode();
        body.put("id", eventId.toString());
        body.put("event", event);
        body.set("created_at", Json.mapper().valueToTree(Instant.ofEpochMilli(now)));
        body.put("tenant_id", tenantId.toString());
        body.put("project_id", Optional.ofNullable(projectId).map(UUID::toString).orElse(null));
        body.set("data", data);
        deliveries.insertEvent(c, eventId, tenantId, projectId, event, now, Json.text(body));
        return eventId;
    }
}
