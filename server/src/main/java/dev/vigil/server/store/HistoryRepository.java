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

    /** A history row with its id, for keyset paging. */
    public record Row(UUID id, HistoryEntry entry) {
    }

    public void insert(Connection c, UUID findingId, long at, String actor, FindingStatus from, FindingStatus to,
                       String action, String reason) throws SQLException {
        Sql.update(c, """
                INSERT INTO finding_history (id, finding_id, changed_at, actor, from_status, to_status, action, reason)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, UUID.randomUUID(), findingId, at, actor, from == null ? null : from.wire(), to.wire(), action, reason);
    }

    /** Oldest first, keyset on (at, id); {@code limit + 1} rows. */
    public List<Row> page(Connection c, UUID findingId, Long afterAt, UUID afterId, int limit) throws SQLException {
        String keyset = afterAt == null ? "" : " AND (changed_at > ? OR (changed_at = ? AND id > ?))";
        List<Object> params = new java.util.ArrayList<>(List.of(findingId));
        if (afterAt != null) {
            params.addAll(List.of(afterAt, afterAt, afterId));
        }
        params.add(limit + 1);
        return Sql.list(c, """
                SELECT id, changed_at, actor, from_status, to_status, action, reason FROM finding_history
                WHERE finding_id = ?""" + keyset + " ORDER BY changed_at, id LIMIT ?", row -> {
            String from = row.getString("from_status");
            return new Row(Sql.uuid(row, "id"), new HistoryEntry(Instant.ofEpochMilli(row.getLong("changed_at")),
                    row.getString("actor"), from == null ? null : FindingStatus.of(from),
                    FindingStatus.of(row.getString("to_status")), row.getString("action"), row.getString("reason")));
        }, params.toArray());
    }
}
