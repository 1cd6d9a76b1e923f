package dev.vigil.server.store;

import dev.vigil.model.Finding;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Findings as the API reads them: filtered keyset pages, single rows, triage updates, export cursors. */
public final class FindingRepository {

    private static final String COLUMNS = """
            SELECT f.id, f.fingerprint, f.project_id, p.name AS project_name, f.rule_id, f.severity, f.status,
                   f.scan_type, f.path, f.line, f.description, f.fix_available, f.is_breaking, f.is_direct, f.cwe,
                   f.assigned_to_user_id, u.email AS assignee, f.accepted_by, f.accepted_reason, f.accepted_until,
                   f.sla_deadline, f.first_seen, f.last_seen
            """;
    private static final String JOINS = """
             JOIN projects p ON p.id = f.project_id
             LEFT JOIN users u ON u.id = f.assigned_to_user_id
            """;
    private static final String SELECT = COLUMNS + " FROM findings f" + JOINS;

    private final Dialect dialect;

    public FindingRepository(Dialect dialect) {
        this.dialect = dialect;
    }

    /**
     * A page of {@code limit + 1} rows in list order. The ids are picked from the findings table alone along
     * the index the query names (HSQLDB is told so with USING INDEX), then joined for the page only.
     */
    public List<Finding> page(Connection c, FindingQuery query, int limit, long now) throws SQLException {
        return Sql.list(c, inPage(query, limit + 1), row -> map(row, now), withLimit(query, limit + 1));
    }

    /** How many rows match, counting no further than {@code cap} (so a huge tenant costs no more). */
    public long countUpTo(Connection c, FindingQuery query, int cap) throws SQLException {
        return Sql.count(c, "SELECT COUNT(*) FROM (" + ids(query, cap) + ") capped", withLimit(query, cap));
    }

    public long count(Connection c, FindingQuery query) throws SQLException {
        return Sql.count(c, "SELECT COUNT(*) FROM findings f WHERE " + query.where(), query.params().toArray());
    }

    private String inPage(FindingQuery query, int limit) {
        return COLUMNS + " FROM (" + ids(query, limit) + ") page JOIN findings f ON f.id = page.id" + JOINS
                + " ORDER BY f.sort_key, f.id";
    }

    private String ids(FindingQuery query, int limit) {
        return "SELECT f.id FROM findings f WHERE " + query.where() + " ORDER BY " + query.orderBy() + " LIMIT ?"
                + (dialect == Dialect.HSQLDB ? " USING INDEX" : "");
    }

    private static Object[] withLimit(FindingQuery query, int limit) {
        List<Object> params = new ArrayList<>(query.params());
        params.add(limit);
        return params.toArray();
    }

    public Optional<Finding> find(Connection c, UUID tenantId, UUID id, long now) throws SQLException {
        return Sql.one(c, SELECT + " WHERE f.tenant_id = ? AND f.id = ?", row -> map(row, now), tenantId, id);
    }

    /** Streams the first {@code limit} rows of {@code query} in list order to {@code sink}. */
    public void forEach(Connection c, FindingQuery query, int limit, long now, RowSink sink)
            throws SQLException, IOException {
        try (PreparedStatement statement = Sql.prepare(c, inPage(query, limit), withLimit(query, limit))) {
            statement.setFetchSize(500);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    sink.accept(map(rows, now));
                }
            }
        }
    }

    /** Moves a finding from {@code from} to {@code to}; false when its status changed meanwhile. */
    public boolean changeStatus(Connection c, UUID id, FindingStatus from, FindingStatus to, String acceptedBy,
                                String acceptedReason, LocalDate acceptedUntil) throws SQLException {
        return Sql.update(c, """
                UPDATE findings SET status = ?, accepted_by = ?, accepted_reason = ?, accepted_until = ?
                WHERE id = ? AND status = ?
                """, to.wire(), acceptedBy, acceptedReason, acceptedUntil, id, from.wire()) == 1;
    }

    public void assign(Connection c, UUID id, UUID userId) throws SQLException {
        Sql.update(c, "UPDATE findings SET assigned_to_user_id = ? WHERE id = ?", userId, id);
    }

    /** Accepted findings whose acceptance ended before {@code today}: (id, tenant) pairs. */
    public List<UUID> acceptanceExpired(Connection c, LocalDate today, int limit) throws SQLException {
        return Sql.list(c, "SELECT id FROM findings WHERE status = 'accepted' AND accepted_until < ? LIMIT ?",
                row -> Sql.uuid(row, "id"), today, limit);
    }

    private static Finding map(ResultSet row, long now) throws SQLException {
        FindingStatus status = FindingStatus.of(row.getString("status"));
        Long deadline = Sql.nullableLong(row, "sla_deadline");
        boolean breached = deadline != null && status.isActive() && now > deadline;
        return new Finding(Sql.uuid(row, "id"), row.getString("fingerprint"), Sql.uuid(row, "project_id"),
                row.getString("project_name"), row.getString("rule_id"), Severity.ofRank(row.getInt("severity")),
                status, ScanKind.of(row.getString("scan_type")), row.getString("path") + ":" + row.getInt("line"),
                row.getString("description"), row.getString("fix_available"), row.getBoolean("is_breaking"),
                row.getBoolean("is_direct"), row.getString("cwe"), row.getString("assignee"),
                Sql.uuid(row, "assigned_to_user_id"), row.getString("accepted_by"), row.getString("accepted_reason"),
                Sql.date(row, "accepted_until"), deadline == null ? null : Instant.ofEpochMilli(deadline), breached,
                Instant.ofEpochMilli(row.getLong("first_seen")), Instant.ofEpochMilli(row.getLong("last_seen")));
    }

    @FunctionalInterface
    public interface RowSink {
        void accept(Finding finding) throws IOException;
    }
}
