package dev.vigil.server.notify;

import dev.vigil.server.store.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * What the periodic events read and the marks that make each happen once: per project the instant up to which
 * SLA breaches were reported and the day of that report, per finding and acceptance end its notice.
 */
final class NoticeRepository {

    private static final String ACTIVE = "('open', 'in_backlog', 'in_progress')";

    /** A project of a tenant. */
    record ProjectRef(UUID tenantId, UUID projectId) {
    }

    /** The SLA mark of a project: breaches up to {@code checkedUntil} were reported on day {@code checkedDay}. */
    record SlaMark(long checkedUntil, long checkedDay) {
    }

    /** Projects that a webhook takes {@code event} for and whose SLA breaches were not looked at on {@code day}. */
    List<ProjectRef> slaDue(Connection c, String event, long day) throws SQLException {
        return Sql.list(c, """
                SELECT p.tenant_id, p.id FROM projects p
                WHERE EXISTS (SELECT 1 FROM webhooks w
                              WHERE w.tenant_id = p.tenant_id AND w.paused = FALSE AND w.events LIKE ?
                                AND (w.project_id IS NULL OR w.project_id = p.id))
                  AND NOT EXISTS (SELECT 1 FROM webhook_sla_checks s WHERE s.project_id = p.id AND s.checked_day >= ?)
                """, row -> new ProjectRef(Sql.uuid(row, "tenant_id"), Sql.uuid(row, "id")), "%," + event + ",%", day);
    }

    Optional<SlaMark> slaMark(Connection c, UUID projectId) throws SQLException {
        return Sql.one(c, "SELECT checked_until, checked_day FROM webhook_sla_checks WHERE project_id = ?",
                row -> new SlaMark(row.getLong("checked_until"), row.getLong("checked_day")), projectId);
    }

    /** Sets the mark; the caller holds the project's lock, so no other node writes it meanwhile. */
    void markSla(Connection c, UUID projectId, long checkedUntil, long day, boolean exists) throws SQLException {
        if (exists) {
            Sql.update(c, "UPDATE webhook_sla_checks SET checked_until = ?, checked_day = ? WHERE project_id = ?",
                    checkedUntil, day, projectId);
        } else {
            Sql.update(c, "INSERT INTO webhook_sla_checks (project_id, checked_until, checked_day) VALUES (?, ?, ?)",
                    projectId, checkedUntil, day);
        }
    }

    /** Active findings of the project whose SLA deadline fell in ({@code after}, {@code until}], earliest first. */
    List<UUID> breached(Connection c, UUID projectId, long after, long until) throws SQLException {
        return Sql.list(c, """
                SELECT id FROM findings
                WHERE project_id = ? AND sla_deadline > ? AND sla_deadline <= ? AND status IN %s
                ORDER BY sla_deadline, id
                """.formatted(ACTIVE), row -> Sql.uuid(row, "id"), projectId, after, until);
    }

    /** Projects with an accepted finding ending by {@code horizon} that has no notice yet. */
    List<ProjectRef> acceptancesDue(Connection c, LocalDate today, LocalDate horizon) throws SQLException {
        return Sql.list(c, """
                SELECT DISTINCT f.tenant_id, f.project_id FROM findings f
                WHERE f.status = 'accepted' AND f.accepted_until >= ? AND f.accepted_until <= ?
                  AND NOT EXISTS (SELECT 1 FROM webhook_acceptance_notices n
                                  WHERE n.finding_id = f.id AND n.accepted_until = f.accepted_until)
                """, row -> new ProjectRef(Sql.uuid(row, "tenant_id"), Sql.uuid(row, "project_id")), today, horizon);
    }

    /** The project's accepted findings ending by {@code horizon} without a notice, each with its end. */
    List<UUID> expiring(Connection c, UUID projectId, LocalDate today, LocalDate horizon, int limit)
            throws SQLException {
        return Sql.list(c, """
                SELECT f.id FROM findings f
                WHERE f.project_id = ? AND f.status = 'accepted' AND f.accepted_until >= ? AND f.accepted_until <= ?
                  AND NOT EXISTS (SELECT 1 FROM webhook_acceptance_notices n
                                  WHERE n.finding_id = f.id AND n.accepted_until = f.accepted_until)
                ORDER BY f.accepted_until, f.id
                LIMIT ?
                """, row -> Sql.uuid(row, "id"), projectId, today, horizon, limit);
    }

    void notice(Connection c, UUID findingId, LocalDate acceptedUntil, long now) throws SQLException {
        Sql.update(c, "INSERT INTO webhook_acceptance_notices (finding_id, accepted_until, noticed_at) VALUES (?, ?, ?)",
                findingId, acceptedUntil, now);
    }
}
