package dev.vigil.server.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;

/** Scan submissions per tenant, the counter of the sliding-hour rate limit. */
public final class SubmissionRepository {

    public long countSince(Connection c, UUID tenantId, long since) throws SQLException {
        return Sql.count(c, "SELECT COUNT(*) FROM scan_submissions WHERE tenant_id = ? AND submitted_at > ?",
                tenantId, since);
    }

    public Optional<Long> oldestSince(Connection c, UUID tenantId, long since) throws SQLException {
        return Sql.list(c, """
                SELECT MIN(submitted_at) AS oldest FROM scan_submissions WHERE tenant_id = ? AND submitted_at > ?
                """, row -> Optional.ofNullable(Sql.nullableLong(row, "oldest")), tenantId, since)
                .stream().flatMap(Optional::stream).findFirst();
    }

    public void insert(Connection c, UUID tenantId, long now) throws SQLException {
        Sql.update(c, "INSERT INTO scan_submissions (id, tenant_id, submitted_at) VALUES (?, ?, ?)",
                UUID.randomUUID(), tenantId, now);
    }

    public int purge(Connection c, long before) throws SQLException {
        return Sql.update(c, "DELETE FROM scan_submissions WHERE submitted_at <= ?", before);
    }
}
