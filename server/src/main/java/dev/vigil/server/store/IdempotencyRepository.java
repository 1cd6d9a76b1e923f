package dev.vigil.server.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;

/** Idempotency records: one per (tenant, route, key), in progress until the response is stored. */
public final class IdempotencyRepository {

    public record Entry(String requestHash, String state, Integer responseStatus, String responseBody,
                        long createdAt) {

        public boolean done() {
            return "done".equals(state);
        }
    }

    /** Inserts an in-progress record; false when one exists already (the unique key decides races). */
    public boolean tryInsert(Connection c, UUID tenantId, String route, UUID key, String requestHash, long now)
            throws SQLException {
        try {
            Sql.update(c, """
                    INSERT INTO idempotency_keys (tenant_id, route, idem_key, request_hash, state, created_at)
                    VALUES (?, ?, ?, ?, 'in_progress', ?)
                    """, tenantId, route, key, requestHash, now);
            return true;
        } catch (SQLException e) {
            if (StoreException.isUniqueViolation(e)) {
                return false;
            }
            throw e;
        }
    }

    public Optional<Entry> find(Connection c, UUID tenantId, String route, UUID key) throws SQLException {
        return Sql.one(c, """
                SELECT request_hash, state, response_status, response_body, created_at
                FROM idempotency_keys WHERE tenant_id = ? AND route = ? AND idem_key = ?
                """, row -> new Entry(row.getString("request_hash"), row.getString("state"),
                Sql.nullableInt(row, "response_status"), row.getString("response_body"), row.getLong("created_at")),
                tenantId, route, key);
    }

    public void complete(Connection c, UUID tenantId, String route, UUID key, int status, String body)
            throws SQLException {
        Sql.update(c, """
                UPDATE idempotency_keys SET state = 'done', response_status = ?, response_body = ?
                WHERE tenant_id = ? AND route = ? AND idem_key = ?
                """, status, body, tenantId, route, key);
    }

    /** Removes the record of this key if it is older than {@code cutoff} or still in progress and stale. */
    public void deleteIfOlder(Connection c, UUID tenantId, String route, UUID key, long expiredBefore,
                              long abandonedBefore) throws SQLException {
        Sql.update(c, """
                DELETE FROM idempotency_keys
                WHERE tenant_id = ? AND route = ? AND idem_key = ?
                  AND (created_at < ? OR (state = 'in_progress' AND created_at < ?))
                """, tenantId, route, key, expiredBefore, abandonedBefore);
    }

    public void delete(Connection c, UUID tenantId, String route, UUID key) throws SQLException {
        Sql.update(c, "DELETE FROM idempotency_keys WHERE tenant_id = ? AND route = ? AND idem_key = ?",
                tenantId, route, key);
    }

    public int purge(Connection c, long expiredBefore) throws SQLException {
        return Sql.update(c, "DELETE FROM idempotency_keys WHERE created_at < ?", expiredBefore);
    }
}
