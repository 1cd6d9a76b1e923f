package dev.vigil.server.store;

import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** What applying a repository's policy reads and writes: findings' statuses and who set them, advisories' ids. */
public final class PolicyFindingRepository {

    /** A finding as the policy sees it: its status and who set it, if a policy or a person accepted it. */
    public record PolicyRow(UUID id, FindingStatus status, String acceptedBy, String acceptedReason,
                            LocalDate acceptedUntil) {
    }

    /** The project's findings of {@code kinds}, by fingerprint. */
    public Map<String, PolicyRow> rows(Connection c, UUID projectId, List<ScanKind> kinds) throws SQLException {
        Map<String, PolicyRow> rows = new HashMap<>();
        if (kinds.isEmpty()) {
            return rows;
        }
        Object[] params = new Object[kinds.size() + 1];
        params[0] = projectId;
        for (int i = 0; i < kinds.size(); i++) {
            params[i + 1] = kinds.get(i).wire();
        }
        for (var row : Sql.list(c, """
                SELECT id, fingerprint, status, accepted_by, accepted_reason, accepted_until
                FROM findings
                WHERE project_id = ? AND scan_type IN (""" + String.join(", ", Collections.nCopies(kinds.size(), "?"))
                + ")", row -> Map.entry(row.getString("fingerprint"), new PolicyRow(Sql.uuid(row, "id"),
                FindingStatus.of(row.getString("status")), row.getString("accepted_by"),
                row.getString("accepted_reason"), Sql.date(row, "accepted_until"))), params)) {
            rows.put(row.getKey(), row.getValue());
        }
        return rows;
    }

    /**
     * Moves a finding from {@code from} to {@code to} with who set it and why, counted in {@code counts}; false
     * when its status changed meanwhile.
     */
    public boolean setStatus(Connection c, UUID id, FindingStatus from, FindingStatus to, String acceptedBy,
                             String reason, LocalDate until, FindingCounts.Changes counts) throws SQLException {
        boolean moved = Sql.update(c, """
                UPDATE findings SET status = ?, accepted_by = ?, accepted_reason = ?, accepted_until = ?
                WHERE id = ? AND status = ?
                """, to.wire(), acceptedBy, reason, until, id, from.wire()) == 1;
        if (moved && from != to) {
            counts.moved(FindingCounts.place(c, id), from, to);
        }
        return moved;
    }

    /** Whether {@code id} is an advisory's id or one of its aliases. */
    public boolean isAdvisory(Connection c, String id) throws SQLException {
        return Sql.count(c, "SELECT COUNT(*) FROM advisories WHERE id = ?", id) > 0
                || Sql.count(c, "SELECT COUNT(*) FROM advisory_aliases WHERE alias = ?", id) > 0;
    }
}
