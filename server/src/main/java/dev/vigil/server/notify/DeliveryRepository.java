package dev.vigil.server.notify;

import dev.vigil.model.DeliveryStatus;
import dev.vigil.server.store.Sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The queued events and their deliveries: the outbox of the webhooks and their delivery log
 * (docs/adr/0049-webhook-delivery-order-retry-pause.md). A webhook's deliveries go out in {@code seq} order,
 * one at a time: only the oldest pending delivery of an unpaused webhook is due, and a claim is a conditional
 * update, so several nodes may dispatch at once.
 */
final class DeliveryRepository {

    /** The row is its webhook's oldest pending delivery and the webhook is not paused. */
    private static final String HEAD_OF_UNPAUSED = """
            NOT EXISTS (SELECT 1 FROM webhook_deliveries e
                        WHERE e.webhook_id = webhook_deliveries.webhook_id AND e.status = 'pending'
                          AND e.seq < webhook_deliveries.seq)
            AND EXISTS (SELECT 1 FROM webhooks w WHERE w.id = webhook_deliveries.webhook_id AND w.paused = FALSE)""";

    private static final String LOG_COLUMNS = """
            SELECT d.seq, d.id, d.event_id, v.event, d.created_at, d.attempts, d.status, d.last_attempt_at,
                   d.response_status, d.duration_ms, d.error
            FROM webhook_deliveries d JOIN webhook_events v ON v.id = d.event_id""";

    /** A delivery as its log shows it; {@code seq} is its place in the queue. */
    record LoggedDelivery(long seq, UUID id, UUID eventId, String event, long createdAt, int attempts,
                          DeliveryStatus status, Long lastAttemptAt, Integer responseStatus, Long durationMs,
                          String error) {
    }

    /** A claimed delivery with what sending it needs. */
    record Claimed(long seq, UUID id, UUID webhookId, UUID eventId, String event, String body, int attempts) {
    }

    void insertEvent(Connection c, UUID id, UUID tenantId, UUID projectId, String event, long now, String body)
            throws SQLException {
        Sql.update(c, """
                INSERT INTO webhook_events (id, tenant_id, project_id, event, created_at, body)
                VALUES (?, ?, ?, ?, ?, ?)
                """, id, tenantId, projectId, event, now, body);
    }

    /** Queues the event for the webhook, due at once, behind the webhook's earlier deliveries. */
    UUID enqueue(Connection c, UUID webhookId, UUID eventId, long now) throws SQLException {
        UUID id = UUID.randomUUID();
        Sql.update(c, """
                INSERT INTO webhook_deliveries (id, webhook_id, event_id, status, attempts, next_attempt_at, created_at)
                VALUES (?, ?, ?, 'pending', 0, ?, ?)
                """, id, webhookId, eventId, now, now);
        return id;
    }

    /** Deliveries that may be attempted now, at most one per webhook, the longest waiting first. */
    List<Long> due(Connection c, long now, int limit) throws SQLException {
        return Sql.list(c, """
                SELECT seq FROM webhook_deliveries
                WHERE status = 'pending' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until < ?)
                  AND %s
                ORDER BY next_attempt_at, seq
                LIMIT ?
                """.formatted(HEAD_OF_UNPAUSED), row -> row.getLong("seq"), now, now, limit);
    }

    /** Takes a due delivery for one attempt until {@code until}; empty when another node was first. */
    Optional<Claimed> claim(Connection c, long seq, long now, long until) throws SQLException {
        int claimed = Sql.update(c, """
                UPDATE webhook_deliveries SET claimed_until = ?, attempts = attempts + 1
                WHERE seq = ? AND status = 'pending' AND next_attempt_at <= ?
                  AND (claimed_until IS NULL OR claimed_until < ?)
                  AND %s
                """.formatted(HEAD_OF_UNPAUSED), until, seq, now, now);
        if (claimed != 1) {
            return Optional.empty();
        }
        return Sql.one(c, """
                SELECT d.seq, d.id, d.webhook_id, d.event_id, v.event, v.body, d.attempts
                FROM webhook_deliveries d JOIN webhook_events v ON v.id = d.event_id
                WHERE d.seq = ?
                """, row -> new Claimed(row.getLong("seq"), Sql.uuid(row, "id"), Sql.uuid(row, "webhook_id"),
                Sql.uuid(row, "event_id"), row.getString("event"), row.getString("body"), row.getInt("attempts")),
                seq);
    }

    /** Records an attempt's outcome and ends the claim: {@code delivered}, {@code failed}, or pending again. */
    void attempted(Connection c, long seq, DeliveryStatus status, long nextAttemptAt, long at, Integer responseStatus,
                   long durationMs, String error) throws SQLException {
        Sql.update(c, """
                UPDATE webhook_deliveries SET status = ?, next_attempt_at = ?, claimed_until = NULL,
                                              last_attempt_at = ?, response_status = ?, duration_ms = ?, error = ?
                WHERE seq = ?
                """, status.wire(), nextAttemptAt, at, responseStatus, durationMs, clip(error), seq);
    }

    /** The webhook's deliveries, newest first, after {@code beforeSeq} (null: from the newest). */
    List<LoggedDelivery> page(Connection c, UUID webhookId, Long beforeSeq, int limit) throws SQLException {
        return Sql.list(c, LOG_COLUMNS + """
                 WHERE d.webhook_id = ? AND d.seq < ?
                ORDER BY d.seq DESC LIMIT ?""", DeliveryRepository::map, webhookId,
                beforeSeq == null ? Long.MAX_VALUE : beforeSeq, limit);
    }

    Optional<LoggedDelivery> find(Connection c, UUID webhookId, UUID id) throws SQLException {
        return Sql.one(c, LOG_COLUMNS + " WHERE d.webhook_id = ? AND d.id = ?", DeliveryRepository::map,
                webhookId, id);
    }

    /** Forgets finished deliveries created before {@code before}, and events left with none. */
    int purge(Connection c, long before) throws SQLException {
        int purged = Sql.update(c, "DELETE FROM webhook_deliveries WHERE status <> 'pending' AND created_at < ?",
                before);
        Sql.update(c, """
                DELETE FROM webhook_events
                WHERE created_at < ? AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id)
                """, before);
        return purged;
    }

    private static LoggedDelivery map(ResultSet row) throws SQLException {
        return new LoggedDelivery(row.getLong("seq"), Sql.uuid(row, "id"), Sql.uuid(row, "event_id"),
                row.getString("event"), row.getLong("created_at"), row.getInt("attempts"),
                DeliveryStatus.of(row.getString("status")), Sql.nullableLong(row, "last_attempt_at"),
                Sql.nullableInt(row, "response_status"), Sql.nullableLong(row, "duration_ms"), row.getString("error"));
    }

    private static String clip(String text) {
        return text == null || text.length() <= 1000 ? text : text.substring(0, 1000);
    }
}
