package dev.vigil.server.notify;

import dev.vigil.model.WebhookEvent;
import dev.vigil.model.WebhookFormat;
import dev.vigil.server.store.Sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The webhooks of a tenant, with their sealed secrets. The subscribed events are stored as one text with a
 * comma before and after each name, so that a subscription is one {@code LIKE '%,name,%'} on both stores.
 */
final class WebhookRepository {

    private static final String COLUMNS = """
            SELECT id, tenant_id, project_id, url, events, format, secret_sealed, paused, failures_in_row, created_at
            FROM webhooks""";

    /** A stored webhook; {@code projectId} is null for every project of the tenant. */
    record StoredWebhook(UUID id, UUID tenantId, UUID projectId, String url, List<WebhookEvent> events,
                         WebhookFormat format, String secretSealed, boolean paused, int failuresInRow,
                         long createdAt) {
    }

    void insert(Connection c, StoredWebhook w) throws SQLException {
        Sql.update(c, """
                INSERT INTO webhooks (
                    id,
                    tenant_id,
                    project_id,
                    url,
                    events,
                    format,
                    secret_sealed,
                    paused,
                    failures_in_row,
                    created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, FALSE, 0, ?)
                """, w.id(), w.tenantId(), w.projectId(), w.url(), eventsText(w.events()), w.format().wire(),
                w.secretSealed(), w.createdAt());
    }

    Optional<StoredWebhook> find(Connection c, UUID tenantId, UUID id) throws SQLException {
        return Sql.one(c, COLUMNS + " WHERE tenant_id = ? AND id = ?", WebhookRepository::map, tenantId, id);
    }

    Optional<StoredWebhook> find(Connection c, UUID id) throws SQLException {
        return Sql.one(c, COLUMNS + " WHERE id = ?", WebhookRepository::map, id);
    }

    /** A page in creation order, after the key ({@code created_at}, {@code id}) of the last row shown. */
    List<StoredWebhook> page(Connection c, UUID tenantId, Long afterCreated, UUID afterId, int limit)
            throws SQLException {
        if (afterCreated == null) {
            return Sql.list(c, COLUMNS + " WHERE tenant_id = ? ORDER BY created_at, id LIMIT ?",
                    WebhookRepository::map, tenantId, limit);
        }
        return Sql.list(c, COLUMNS + """
                 WHERE tenant_id = ? AND (created_at > ? OR (created_at = ? AND id > ?))
                ORDER BY created_at, id LIMIT ?""", WebhookRepository::map, tenantId, afterCreated, afterCreated,
                afterId, limit);
    }

    /** The unpaused webhooks of the tenant that take {@code event} for {@code projectId} (null: none but all-project ones). */
    List<StoredWebhook> subscribers(Connection c, UUID tenantId, UUID projectId, String event) throws SQLException {
        return Sql.list(c, COLUMNS + """
                 WHERE tenant_id = ? AND paused = FALSE AND events LIKE ?
                ORDER BY created_at, id""", WebhookRepository::map, tenantId, "%," + event + ",%").stream()
                .filter(w -> w.projectId() == null || w.projectId().equals(projectId))
                .toList();
    }

    long count(Connection c, UUID tenantId) throws SQLException {
        return Sql.count(c, "SELECT COUNT(*) FROM webhooks WHERE tenant_id = ?", tenantId);
    }

    /** Whether any webhook anywhere takes {@code event}: the periodic checks skip their work otherwise. */
    boolean anySubscribed(Connection c, String event) throws SQLException {
        return Sql.count(c, "SELECT COUNT(*) FROM webhooks WHERE events LIKE ?", "%," + event + ",%") > 0;
    }

    /** Deletes the webhook, its deliveries and the events no other webhook still has to deliver. */
    boolean delete(Connection c, UUID tenantId, UUID id) throws SQLException {
        if (find(c, tenantId, id).isEmpty()) {
            return false;
        }
        List<UUID> events = Sql.list(c, "SELECT DISTINCT event_id FROM webhook_deliveries WHERE webhook_id = ?",
                row -> Sql.uuid(row, "event_id"), id);
        Sql.update(c, "DELETE FROM webhook_deliveries WHERE webhook_id = ?", id);
        Sql.batch(c, """
                DELETE FROM webhook_events
                WHERE id = ? AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id)
                """, events.stream().map(e -> new Object[]{e}).toList());
        return Sql.update(c, "DELETE FROM webhooks WHERE id = ?", id) == 1;
    }

    /** Counts a delivery given up; the {@code pauseAfter}-th in a row pauses the webhook. True when it paused now. */
    boolean failedOnce(Connection c, UUID id, int pauseAfter) throws SQLException {
        Sql.update(c, """
                UPDATE webhooks SET failures_in_row = failures_in_row + 1,
                                    paused = CASE WHEN failures_in_row + 1 >= ? THEN TRUE ELSE paused END
                WHERE id = ?
                """, pauseAfter, id);
        return Sql.count(c, "SELECT COUNT(*) FROM webhooks WHERE id = ? AND paused = TRUE AND failures_in_row = ?",
                id, pauseAfter) == 1;
    }

    void deliveredOnce(Connection c, UUID id) throws SQLException {
        Sql.update(c, "UPDATE webhooks SET failures_in_row = 0 WHERE id = ? AND failures_in_row <> 0", id);
    }

    void resume(Connection c, UUID id) throws SQLException {
        Sql.update(c, "UPDATE webhooks SET paused = FALSE, failures_in_row = 0 WHERE id = ?", id);
    }

    private static StoredWebhook map(ResultSet row) throws SQLException {
        List<WebhookEvent> events = Arrays.stream(row.getString("events").split(","))
                .filter(e -> !e.isEmpty()).map(WebhookEvent::of).toList();
        return new StoredWebhook(Sql.uuid(row, "id"), Sql.uuid(row, "tenant_id"), Sql.uuid(row, "project_id"),
                row.getString("url"), events, WebhookFormat.of(row.getString("format")),
                row.getString("secret_sealed"), row.getBoolean("paused"), row.getInt("failures_in_row"),
                row.getLong("created_at"));
    }

    private static String eventsText(List<WebhookEvent> events) {
        StringBuilder text = new StringBuilder(",");
        events.forEach(e -> text.append(e.wire()).append(','));
        return text.toString();
    }
}
