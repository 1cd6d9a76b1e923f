package dev.vigil.server.store;

import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.server.store.ScanRow.Counts;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Scans: submission, the queue the workers claim from with leases, results, and the lists of the API. */
public final class ScanRepository {

    private static final String SELECT = """
            SELECT s.id, s.tenant_id, s.project_id, p.name AS project_name, s.branch, s.commit_hash, s.scan_type,
                   s.status, s.pr_id, s.changed_files, s.created_at, s.started_at, s.completed_at, s.attempts,
                   s.critical_count, s.high_count, s.medium_count, s.low_count, s.info_count, s.introduced_count,
                   s.debt_count, s.blocking_count, s.is_blocked, s.warnings, s.pr_comment_status
            FROM scans s JOIN projects p ON p.id = s.project_id
            """;

    public void insert(Connection c, ScanRow scan) throws SQLException {
        Sql.update(c, """
                INSERT INTO scans (id, tenant_id, project_id, branch, commit_hash, scan_type, status, pr_id,
                                   changed_files, created_at, pr_comment_status)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, scan.id(), scan.tenantId(), scan.projectId(), scan.branch(), scan.commitHash(),
                scan.scanType().wire(), scan.status().wire(), scan.prId(), scan.changedFiles(), scan.createdAt(),
                scan.prCommentStatus());
    }

    public Optional<ScanRow> find(Connection c, UUID tenantId, UUID id) throws SQLException {
        return Sql.one(c, SELECT + " WHERE s.tenant_id = ? AND s.id = ?", ScanRepository::map, tenantId, id);
    }

    public Optional<ScanRow> find(Connection c, UUID id) throws SQLException {
        return Sql.one(c, SELECT + " WHERE s.id = ?", ScanRepository::map, id);
    }

    public Optional<String> sarif(Connection c, UUID tenantId, UUID id) throws SQLException {
        return Sql.one(c, "SELECT sarif FROM scans WHERE tenant_id = ? AND id = ? AND sarif IS NOT NULL",
                row -> row.getString(1), tenantId, id);
    }

    public void storeBillOfMaterials(Connection c, UUID id, String sbom) throws SQLException {
        Sql.update(c, "UPDATE scans SET sbom = ? WHERE id = ?", sbom, id);
    }

    public Optional<String> billOfMaterials(Connection c, UUID tenantId, UUID id) throws SQLException {
        return Sql.one(c, "SELECT sbom FROM scans WHERE tenant_id = ? AND id = ? AND sbom IS NOT NULL",
                row -> row.getString(1), tenantId, id);
    }

    /** Newest first, keyset on (created_at, id) descending; {@code limit + 1} rows. */
    public List<ScanRow> page(Connection c, UUID tenantId, UUID projectId, boolean includeAll, Long beforeCreatedAt,
                              UUID beforeId, int limit) throws SQLException {
        StringBuilder sql = new StringBuilder(SELECT).append(" WHERE s.tenant_id = ?");
        List<Object> params = new ArrayList<>(List.of(tenantId));
        if (projectId != null) {
            sql.append(" AND s.project_id = ?");
            params.add(projectId);
        }
        if (!includeAll) {
            sql.append(" AND s.pr_id IS NOT NULL");
        }
        if (beforeCreatedAt != null) {
            sql.append(" AND (s.created_at < ? OR (s.created_at = ? AND s.id < ?))");
            params.addAll(List.of(beforeCreatedAt, beforeCreatedAt, beforeId));
        }
        sql.append(" ORDER BY s.created_at DESC, s.id DESC LIMIT ?");
        params.add(limit + 1);
        return Sql.list(c, sql.toString(), ScanRepository::map, params.toArray());
    }

    /**
     * The pending scan to claim next, taking turns across tenants: the tenant with the fewest running scans,
     * then the one waiting longest (since its oldest pending scan or its last claim, whichever is later), then
     * that tenant's oldest scan. Reads every pending scan's index entry, none of the finished scans
     * ({@code docs/adr/0043-scans-claimed-in-turn-across-tenants.md}).
     */
    public Optional<UUID> next(Connection c) throws SQLException {
        return Sql.one(c, """
                SELECT s.id
                FROM (SELECT tenant_id, MIN(created_at) AS oldest
                        FROM scans
                       WHERE status = 'pending'
                       GROUP BY tenant_id) q
                JOIN tenants t ON t.id = q.tenant_id
                LEFT JOIN (SELECT tenant_id, COUNT(*) AS running
                             FROM scans
                            WHERE status = 'running'
                            GROUP BY tenant_id) r ON r.tenant_id = q.tenant_id
                JOIN scans s ON s.status = 'pending' AND s.tenant_id = q.tenant_id AND s.created_at = q.oldest
                ORDER BY COALESCE(r.running, 0),
                         CASE WHEN t.last_claimed_at > q.oldest THEN t.last_claimed_at ELSE q.oldest END,
                         q.oldest, s.id
                LIMIT 1
                """, row -> Sql.uuid(row, "id"));
    }

    /**
     * Takes a pending scan for {@code worker} and records the claim as its tenant's last (see {@link #next});
     * false when another worker was first.
     */
    public boolean claim(Connection c, UUID id, String worker, long now, long leaseUntil) throws SQLException {
        boolean claimed = Sql.update(c, """
                UPDATE scans SET status = 'running', worker_id = ?, lease_until = ?, started_at = ?,
                                 attempts = attempts + 1
                WHERE id = ? AND status = 'pending'
                """, worker, leaseUntil, now, id) == 1;
        if (claimed) {
            Sql.update(c, "UPDATE tenants SET last_claimed_at = ? WHERE id = (SELECT tenant_id FROM scans WHERE id = ?)",
                    now, id);
        }
        return claimed;
    }

    public boolean renewLease(Connection c, UUID id, String worker, long leaseUntil) throws SQLException {
        return Sql.update(c, "UPDATE scans SET lease_until = ? WHERE id = ? AND worker_id = ? AND status = 'running'",
                leaseUntil, id, worker) == 1;
    }

    /** Running scans whose lease ran out: their worker died. */
    public List<ScanRow> expired(Connection c, long now) throws SQLException {
        return Sql.list(c, SELECT + " WHERE s.status = 'running' AND s.lease_until < ?", ScanRepository::map, now);
    }

    /** Puts a scan whose lease expired back in the queue, unless a worker renewed it meanwhile. */
    public boolean requeue(Connection c, UUID id, long now) throws SQLException {
        return Sql.update(c, """
                UPDATE scans SET status = 'pending', worker_id = NULL, lease_until = NULL
                WHERE id = ? AND status = 'running' AND lease_until < ?
                """, id, now) == 1;
    }

    /** Gives a running scan back to the queue on a graceful stop; the attempt does not count. */
    public boolean release(Connection c, UUID id, String worker) throws SQLException {
        return Sql.update(c, """
                UPDATE scans SET status = 'pending', worker_id = NULL, lease_until = NULL, attempts = attempts - 1
                WHERE id = ? AND worker_id = ? AND status = 'running'
                """, id, worker) == 1;
    }

    /** Records the result of a scan the worker still holds; false when it lost the scan to another worker. */
    public boolean complete(Connection c, UUID id, String worker, long now, Counts counts, boolean blocked,
                            String warnings, String sarif) throws SQLException {
        return Sql.update(c, """
                UPDATE scans SET status = 'completed', completed_at = ?, lease_until = NULL,
                                 critical_count = ?, high_count = ?, medium_count = ?, low_count = ?, info_count = ?,
                                 introduced_count = ?, debt_count = ?, blocking_count = ?, is_blocked = ?,
                                 warnings = ?, sarif = ?
                WHERE id = ? AND worker_id = ? AND status = 'running'
                """, now, counts.critical(), counts.high(), counts.medium(), counts.low(), counts.info(),
                counts.introduced(), counts.debt(), counts.blocking(), blocked, warnings, sarif, id, worker) == 1;
    }

    /** Marks a scan failed; {@code worker} null fails it whoever holds it (lease expiry after the last attempt). */
    public boolean fail(Connection c, UUID id, String worker, long now, String warnings) throws SQLException {
        return Sql.update(c, """
                UPDATE scans SET status = 'failed', completed_at = ?, lease_until = NULL, warnings = ?
                WHERE id = ? AND status IN ('running', 'pending') AND (CAST(? AS VARCHAR(100)) IS NULL OR worker_id = ?)
                """, now, warnings, id, worker, worker) == 1;
    }

    public long countByStatus(Connection c, ScanStatus status) throws SQLException {
        return Sql.count(c, "SELECT COUNT(*) FROM scans WHERE status = ?", status.wire());
    }

    private static ScanRow map(ResultSet row) throws SQLException {
        Counts counts = new Counts(row.getInt("critical_count"), row.getInt("high_count"), row.getInt("medium_count"),
                row.getInt("low_count"), row.getInt("info_count"), Sql.nullableInt(row, "introduced_count"),
                Sql.nullableInt(row, "debt_count"), Sql.nullableInt(row, "blocking_count"));
        return ScanRow.builder(Sql.uuid(row, "id"), Sql.uuid(row, "tenant_id"), Sql.uuid(row, "project_id"))
                .projectName(row.getString("project_name"))
                .commit(row.getString("branch"), row.getString("commit_hash"))
                .scanType(ScanType.of(row.getString("scan_type")))
                .status(ScanStatus.of(row.getString("status")))
                .pullRequest(Sql.nullableInt(row, "pr_id"), row.getString("changed_files"))
                .createdAt(row.getLong("created_at"))
                .started(Sql.nullableLong(row, "started_at"), row.getInt("attempts"))
                .completedAt(Sql.nullableLong(row, "completed_at"))
                .counts(counts, row.getBoolean("is_blocked"))
                .warnings(row.getString("warnings"))
                .prCommentStatus(row.getString("pr_comment_status"))
                .build();
    }
}
