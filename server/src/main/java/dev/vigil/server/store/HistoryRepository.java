package dev.vigil.server.store;

import dev.vigil.model.FindingStatus;
import dev.vigil.model.HistoryEntry;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** The history of every finding: status changes, assignments and scan-driven changes. */
public final class HistoryRepository {

    /** A history row with its id (increasing in the order of changes), for keyset paging. */
    public record Row(long id, HistoryEntry entry) {
    }

    public void insert(Connection c, UUID findingId, long at, String actor, FindingStatus from, FindingStatus to,
                       String action, String reason) throws SQLException {
        Sql.update(c, """
                INSERT INTO finding_history (finding_id, changed_at, actor, from_status, to_status, action, reason)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, findingId, at, actor, from == null ? null : from.wire(), to.wire(), action, reason);
    }

    /** Oldest first, keyset on the id; {@code limit + 1} rows. */
    public List<Row> page(Connection c, UUID findingId, Long afterId, int limit) throws SQLException {
        return Sql.list(c, """
                SELECT id, changed_at, actor, from_status, to_status, action, reason FROM finding_history
                WHERE finding_id = ? AND id > ?
                ORDER BY id
                LIMIT ?
                """, row -> {
            String from = row.getString("from_status");
            return new Row(row.getLong("id"), new HistoryEntry(Instant.ofEpochMilli(row.getLong("changed_at")),
                    row.getString("actor"), from == null ? null : FindingStatus.of(from),
                    FindingStatus.of(row.getString("to_status")), row.getString("action"), row.getString("reason")));
        }, findingId, afterId == null ? -1L : afterId, limit + 1);
    }
}
