package dev.vigil.server.decisions;

import dev.vigil.model.DecisionScope;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;
import dev.vigil.server.store.Sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Decisions, the findings each one changed, and the lookups that matching a scope needs. */
public final class DecisionRepository {

    private static final String COLUMNS = """
            SELECT d.id, d.tenant_id, d.project_id, d.rule_id, d.package_range, d.path_glob, d.status, d.reason,
                   d.until_date, d.created_by, d.created_at,
                   (SELECT COUNT(*) FROM decision_findings x WHERE x.decision_id = d.id) AS applied
            FROM decisions d
            """;

    /** A stored decision with how many findings it has changed so far. */
    record Listed(DecisionRow row, int applied) {
    }

    void insert(Connection c, DecisionRow d) throws SQLException {
        DecisionScope s = d.scope();
        Sql.update(c, """
                INSERT INTO decisions (
                    id,
                    tenant_id,
                    project_id,
                    rule_id,
                    package_range,
                    path_glob,
                    status,
                    reason,
                    until_date,
                    created_by,
                    created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, d.id(), d.tenantId(), s.projectId(), s.ruleId(), s.packageUrl(), s.path(), d.status().wire(),
                d.reason(), d.until(), d.createdBy(), d.createdAt().toEpochMilli());
    }

    Optional<Listed> find(Connection c, UUID tenantId, UUID id) throws SQLException {
        return Sql.one(c, COLUMNS + " WHERE d.tenant_id = ? AND d.id = ?", DecisionRepository::map, tenantId, id);
    }

    /** Newest first, {@code limit + 1} rows after the keyset position (created_at, id), if any. */
    List<Listed> page(Connection c, UUID tenantId, Optional<UUID> projectId, Optional<FindingStatus> status,
                      Optional<Map.Entry<Long, UUID>> after, int limit) throws SQLException {
        StringBuilder sql = new StringBuilder(COLUMNS).append(" WHERE d.tenant_id = ?");
        List<Object> params = new ArrayList<>(List.of(tenantId));
        projectId.ifPresent(p -> {
            sql.append(" AND d.project_id = ?");
            params.add(p);
        });
        status.ifPresent(s -> {
            sql.append(" AND d.status = ?");
            params.add(s.wire());
        });
        after.ifPresent(a -> {
            sql.append(" AND (d.created_at < ? OR (d.created_at = ? AND d.id < ?))");
            params.addAll(List.of(a.getKey(), a.getKey(), a.getValue()));
        });
        sql.append(" ORDER BY d.created_at DESC, d.id DESC LIMIT ?");
        params.add(limit + 1);
        return Sql.list(c, sql.toString(), DecisionRepository::map, params.toArray());
    }

    /** The tenant's decisions that reach the project: those of that project and those of every project. */
    List<DecisionRow> reaching(Connection c, UUID tenantId, UUID projectId) throws SQLException {
        return Sql.list(c, COLUMNS + " WHERE d.tenant_id = ? AND (d.project_id IS NULL OR d.project_id = ?)"
                + " ORDER BY d.created_at, d.id", row -> map(row).row(), tenantId, projectId);
    }

    void delete(Connection c, UUID id) throws SQLException {
        Sql.update(c, "DELETE FROM decision_findings WHERE decision_id = ?", id);
        Sql.update(c, "DELETE FROM decisions WHERE id = ?", id);
    }

    /** The advisory ids a finding may carry for {@code name}: advisories known by it as id or alias. */
    Set<String> advisoryIds(Connection c, String name) throws SQLException {
        return new LinkedHashSet<>(Sql.list(c, """
                SELECT a.preferred_id FROM advisories a WHERE a.id = ? OR a.preferred_id = ?
                UNION
                SELECT a.preferred_id FROM advisory_aliases x JOIN advisories a ON a.id = x.advisory_id
                WHERE x.alias = ?
                """, row -> row.getString(1), name, name, name));
    }

    /**
     * Open, in-backlog and in-progress findings of the tenant after {@code afterId} in id order, narrowed by
     * project, rule ids and kind, and without those {@code decisionId} changed before.
     */
    List<Candidate> candidates(Connection c, UUID tenantId, ScopeMatcher scope, UUID decisionId, UUID afterId,
                               int limit) throws SQLException {
        StringBuilder sql = new StringBuilder("""
                SELECT f.id, f.project_id, f.rule_id, f.scan_type, f.path, f.description, f.status FROM findings f
                WHERE f.tenant_id = ? AND f.status IN ('open', 'in_backlog', 'in_progress')
                  AND NOT EXISTS (SELECT 1 FROM decision_findings x WHERE x.decision_id = ? AND x.finding_id = f.id)
                """);
        List<Object> params = new ArrayList<>(List.of(tenantId, decisionId));
        if (afterId != null) {
            sql.append(" AND f.id > ?");
            params.add(afterId);
        }
        scope.projectId().ifPresent(p -> {
            sql.append(" AND f.project_id = ?");
            params.add(p);
        });
        if (!scope.ruleIds().isEmpty()) {
            sql.append(" AND f.rule_id IN (").append(String.join(", ", Collections.nCopies(scope.ruleIds().size(), "?")))
                    .append(")");
            params.addAll(scope.ruleIds());
        }
        if (scope.packageRange().isPresent()) {
            sql.append(" AND f.scan_type = 'sca'");
        }
        sql.append(" ORDER BY f.id LIMIT ?");
        params.add(limit);
        return Sql.list(c, sql.toString(), row -> new Candidate(Sql.uuid(row, "id"), Sql.uuid(row, "project_id"),
                row.getString("rule_id"), ScanKind.of(row.getString("scan_type")), row.getString("path"),
                row.getString("description"), FindingStatus.of(row.getString("status"))), params.toArray());
    }

    void recordApplied(Connection c, UUID decisionId, UUID findingId, FindingStatus from) throws SQLException {
        Sql.update(c, "INSERT INTO decision_findings (decision_id, finding_id, from_status) VALUES (?, ?, ?)",
                decisionId, findingId, from.wire());
    }

    /** The findings a decision changed, with the status each had before. */
    List<Map.Entry<UUID, FindingStatus>> applied(Connection c, UUID decisionId) throws SQLException {
        return Sql.list(c, "SELECT finding_id, from_status FROM decision_findings WHERE decision_id = ?",
                row -> Map.entry(Sql.uuid(row, "finding_id"), FindingStatus.of(row.getString("from_status"))),
                decisionId);
    }

    /** The finding's status and the actor of its latest history entry. */
    Optional<Map.Entry<FindingStatus, String>> lastChange(Connection c, UUID findingId) throws SQLException {
        Optional<FindingStatus> status = Sql.one(c, "SELECT status FROM findings WHERE id = ?",
                row -> FindingStatus.of(row.getString("status")), findingId);
        if (status.isEmpty()) {
            return Optional.empty();
        }
        String actor = Sql.one(c, "SELECT actor FROM finding_history WHERE finding_id = ? ORDER BY id DESC LIMIT 1",
                row -> row.getString("actor"), findingId).orElse("");
        return Optional.of(Map.entry(status.get(), actor));
    }

    private static Listed map(ResultSet row) throws SQLException {
        DecisionScope scope = new DecisionScope(row.getString("rule_id"), row.getString("package_range"),
                row.getString("path_glob"), Sql.uuid(row, "project_id"));
        DecisionRow d = new DecisionRow(Sql.uuid(row, "id"), Sql.uuid(row, "tenant_id"), scope,
                FindingStatus.of(row.getString("status")), row.getString("reason"), Sql.date(row, "until_date"),
                row.getString("created_by"), Instant.ofEpochMilli(row.getLong("created_at")));
        return new Listed(d, row.getInt("applied"));
    }
}
