package dev.vigil.server.store;

import dev.vigil.model.FindingStats;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import dev.vigil.model.WireEnum;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Counts of findings by severity, status and kind, and how many have breached their SLA, read from
 * {@link FindingCounts}: a few rows per project, whatever the number of findings.
 */
public final class StatsRepository {

    public FindingStats stats(Connection c, UUID tenantId, UUID projectId, long now) throws SQLException {
        String scope = projectId == null ? "tenant_id = ?" : "tenant_id = ? AND project_id = ?";
        Object[] params = projectId == null ? new Object[]{tenantId} : new Object[]{tenantId, projectId};
        Map<String, Long> bySeverity = zeros(Severity.values());
        Map<String, Long> byStatus = zeros(FindingStatus.values());
        Map<String, Long> byKind = zeros(ScanKind.values());
        for (var row : Sql.list(c, "SELECT severity, status, scan_type, SUM(n) AS n FROM finding_counts WHERE " + scope
                + " GROUP BY severity, status, scan_type", row -> new Object[]{row.getInt(1), row.getString(2),
                row.getString(3), row.getLong(4)}, params)) {
            long n = (Long) row[3];
            bySeverity.merge(Severity.ofRank((Integer) row[0]).wire(), n, Long::sum);
            byStatus.merge((String) row[1], n, Long::sum);
            byKind.merge((String) row[2], n, Long::sum);
        }
        long total = bySeverity.values().stream().mapToLong(Long::longValue).sum();
        return new FindingStats(total, bySeverity, byStatus, byKind, breached(c, scope, params, now));
    }

    /**
     * The days before today whole, from the counts; today's part, the findings due between midnight and now,
     * counted along the index {@code (tenant_id, sla_deadline)} ({@link Dialect#limitUsingIndex}).
     */
    private static long breached(Connection c, String scope, Object[] params, long now) throws SQLException {
        long today = now / FindingCounts.DAY;
        long beforeToday = Sql.count(c, "SELECT COALESCE(SUM(n), 0) FROM finding_deadlines WHERE " + scope
                + " AND deadline_day < ?", with(params, today));
        long dueToday = Sql.count(c, """
                SELECT COUNT(*)
                FROM (SELECT status FROM findings WHERE %s AND sla_deadline >= ? AND sla_deadline < ?
                      ORDER BY tenant_id, sla_deadline%s) AS due_today
                WHERE status IN (%s)
                """.formatted(scope, Dialect.of(c).limitUsingIndex(Integer.MAX_VALUE), FindingCounts.ACTIVE),
                with(params, today * FindingCounts.DAY, now));
        return beforeToday + dueToday;
    }

    private static Object[] with(Object[] params, Object... more) {
        Object[] all = Arrays.copyOf(params, params.length + more.length);
        System.arraycopy(more, 0, all, params.length, more.length);
        return all;
    }

    /** Every value of an enum at zero, in the enum's order. */
    static Map<String, Long> zeros(WireEnum[] values) {
        Map<String, Long> map = new LinkedHashMap<>();
        for (var value : values) {
            map.put(value.wire(), 0L);
        }
        return map;
    }
}
