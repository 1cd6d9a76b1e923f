package dev.vigil.server.store;

import dev.vigil.model.ProjectPolicy;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The pull-request comment outbox and the rows a comment shows (the introduced and debt findings of a
 * pull-request scan). Claims are conditional updates, so several nodes may dispatch at once. Every change of
 * an outbox row also sets the scan's {@code pr_comment_status}.
 *
 * <p>A pull request's comments go out one at a time: an entry is not claimed while another entry of its pull
 * request holds a live claim, even one superseded meanwhile. Otherwise a node delivering a newer scan's comment
 * could, while another node still delivered the older one, find no comment yet and create a second, or have
 * its update overwritten by the older scan's. Superseding needs no such care: it happens in the merge, which
 * holds the project's lock, so a pull request has at most one pending entry.
 */
public final class PrCommentRepository {

    /** No other entry of the row's pull request is claimed until at least the bound instant. */
    private static final String PULL_REQUEST_FREE = """
            NOT EXISTS (SELECT 1 FROM pr_comment_outbox other
                        WHERE other.project_id = pr_comment_outbox.project_id
                          AND other.pr_id = pr_comment_outbox.pr_id
                          AND other.scan_id <> pr_comment_outbox.scan_id
                          AND other.claimed_until >= ?)""";

    /** One introduced or debt finding of a pull-request scan, as its comment shows it. */
    public record ResultRow(String fingerprint, String ruleId, String title, Severity severity, ScanKind kind,
                            String path, int line, String fixAvailable, boolean introduced, boolean debt,
                            boolean blocking) {
    }

    /** An outbox entry. */
    public record Entry(UUID scanId, UUID tenantId, UUID projectId, int prId, ProjectPolicy policy, String status,
                        int attempts, String url, String lastError) {
    }

    public void insertResults(Connection c, UUID scanId, List<ResultRow> rows) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        try (PreparedStatement statement = c.prepareStatement("""
                INSERT INTO scan_results (
                    scan_id,
                    seq,
                    fingerprint,
                    rule_id,
                    title,
                    severity,
                    scan_type,
                    path,
                    line,
                    fix_available,
                    introduced,
                    debt,
                    blocking)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)) {
            int position = 0;
            for (ResultRow r : rows) {
                Sql.bind(statement, scanId, position++, r.fingerprint(), clip(r.ruleId(), 200), clip(r.title(), 500),
                        r.severity().rank(), r.kind().wire(), clip(r.path(), 1024), r.line(),
                        clip(r.fixAvailable(), 1000), r.introduced(), r.debt(), r.blocking());
                statement.addBatch();
            }
            statement.executeBatch();
        }
    }

    public List<ResultRow> results(Connection c, UUID scanId) throws SQLException {
        return Sql.list(c, """
                SELECT fingerprint, rule_id, title, severity, scan_type, path, line, fix_available, introduced, debt,
                       blocking
                FROM scan_results
                WHERE scan_id = ?
                ORDER BY seq
                """, row -> new ResultRow(row.getString("fingerprint"), row.getString("rule_id"),
                row.getString("title"), Severity.ofRank(row.getInt("severity")), ScanKind.of(row.getString("scan_type")),
                row.getString("path"), row.getInt("line"), row.getString("fix_available"),
                row.getBoolean("introduced"), row.getBoolean("debt"), row.getBoolean("blocking")), scanId);
    }

    /** Queues the comment of a completed scan, due at once; earlier pending comments of the PR are superseded. */
    public void enqueue(Connection c, UUID scanId, UUID tenantId, UUID projectId, int prId, ProjectPolicy policy,
                        long now) throws SQLException {
        Sql.update(c, """
                UPDATE scans SET pr_comment_status = 'superseded'
                WHERE id IN (SELECT scan_id FROM pr_comment_outbox
                             WHERE project_id = ? AND pr_id = ? AND status = 'pending')
                """, projectId, prId);
        Sql.update(c, """
                UPDATE pr_comment_outbox SET status = 'superseded'
                WHERE project_id = ? AND pr_id = ? AND status = 'pending'
                """, projectId, prId);
        Sql.update(c, """
                INSERT INTO pr_comment_outbox (
                    scan_id,
                    tenant_id,
                    project_id,
                    pr_id,
                    block_severity,
                    block_on_new_secrets,
                    status,
                    attempts,
                    next_attempt_at,
                    created_at)
                VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)
                """, scanId, tenantId, projectId, prId, policy.blockSeverity().wire(), policy.blockOnNewSecrets(),
                now, now);
        setScanStatus(c, scanId, "pending");
    }

    /**
     * Scan ids of pending comments that are due, not held by a live claim and whose pull request has no comment
     * being delivered, oldest first.
     */
    public List<UUID> due(Connection c, long now, int limit) throws SQLException {
        return Sql.list(c, """
                SELECT scan_id FROM pr_comment_outbox
                WHERE status = 'pending' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until < ?)
                  AND %s
                ORDER BY next_attempt_at
                LIMIT ?
                """.formatted(PULL_REQUEST_FREE), row -> Sql.uuid(row, "scan_id"), now, now, now, limit);
    }

    /**
     * Takes a due comment for one attempt until {@code until}; false when another node was first, or while
     * another comment of its pull request is being delivered.
     */
    public boolean claim(Connection c, UUID scanId, long now, long until) throws SQLException {
        return Sql.update(c, """
                UPDATE pr_comment_outbox SET claimed_until = ?, attempts = attempts + 1
                WHERE scan_id = ? AND status = 'pending' AND next_attempt_at <= ?
                  AND (claimed_until IS NULL OR claimed_until < ?)
                  AND %s
                """.formatted(PULL_REQUEST_FREE), until, scanId, now, now, now) == 1;
    }

    public Optional<Entry> find(Connection c, UUID scanId) throws SQLException {
        return Sql.one(c, """
                SELECT scan_id, tenant_id, project_id, pr_id, block_severity, block_on_new_secrets, status, attempts,
                       url, last_error
                FROM pr_comment_outbox
                WHERE scan_id = ?
                """, row -> new Entry(Sql.uuid(row, "scan_id"), Sql.uuid(row, "tenant_id"),
                Sql.uuid(row, "project_id"), row.getInt("pr_id"),
                new ProjectPolicy(Severity.of(row.getString("block_severity")), row.getBoolean("block_on_new_secrets")),
                row.getString("status"), row.getInt("attempts"), row.getString("url"), row.getString("last_error")),
                scanId);
    }

    public void posted(Connection c, UUID scanId, String url) throws SQLException {
        finish(c, scanId, "posted", url, null);
    }

    public void failed(Connection c, UUID scanId, String error) throws SQLException {
        finish(c, scanId, "failed", null, error);
    }

    /** Records a failed attempt to be tried again at {@code nextAttemptAt}, and ends the claim. */
    public void retry(Connection c, UUID scanId, long nextAttemptAt, String error) throws SQLException {
        release(c, scanId);
        Sql.update(c, """
                UPDATE pr_comment_outbox SET next_attempt_at = ?, last_error = ?
                WHERE scan_id = ? AND status = 'pending'
                """, nextAttemptAt, clip(error, 1000), scanId);
    }

    /** Ends the claim and, unless a newer scan superseded the entry meanwhile, records the outcome. */
    private void finish(Connection c, UUID scanId, String status, String url, String error) throws SQLException {
        release(c, scanId);
        if (Sql.update(c, """
                UPDATE pr_comment_outbox SET status = ?, url = ?, last_error = ?
                WHERE scan_id = ? AND status = 'pending'
                """, status, clip(url, 2000), clip(error, 1000), scanId) == 1) {
            setScanStatus(c, scanId, status);
        }
    }

    /** Ends the claim whatever the entry's status: a superseded entry's claim would hold back its pull request. */
    private static void release(Connection c, UUID scanId) throws SQLException {
        Sql.update(c, "UPDATE pr_comment_outbox SET claimed_until = NULL WHERE scan_id = ?", scanId);
    }

    private static void setScanStatus(Connection c, UUID scanId, String status) throws SQLException {
        Sql.update(c, "UPDATE scans SET pr_comment_status = ? WHERE id = ?", status, scanId);
    }

    private static String clip(String text, int max) {
        return text == null || text.length() <= max ? text : text.substring(0, max);
    }
}
