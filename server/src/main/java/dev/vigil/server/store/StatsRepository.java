package dev.vigil.server.store;

import dev.vigil.model.FindingStats;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/** Counts of findings by severity, status and kind, and how many have breached their SLA. */
public final class StatsRepository {

    public FindingStats stats(Connection c, UUID tenantId, UUID projectId, long now) throws SQLException {
        String scope = projectId == null ? "tenant_id = ?" : "tenant_id = ? AND project_id = ?";
        Object[] params = projectId == null ? new Object[]{tenantId} : new Object[]{tenantId, projectId};
        Map<String, Long> bySeverity = zeros(Severity.values());
        Map<String, Long> byStatus = zeros(FindingStatus.values());
        Map<String, Long> byKind = zeros(ScanKind.values());
        for (var row : Sql.list(c, "SELECT severity, status, scan_type, COUNT(*) AS n FROM findings WHERE " + scope
                + " GROUP BY severity, status, scan_type", row -> new Object[]{row.getInt(1), row.getString(2),
                row.getString(3), row.getLong(4)}, params)) {
            long n = (Long) row[3];
            bySeverity.merge(Severity.ofRank((Integer) row[0]).wire(), n, Long::sum);
            byStatus.merge((String) row[1], n, Long::sum);
            byKind.merge((String) row[2], n, Long::sum);
        }
        Object[] breachParams = java.util.Arrays.copyOf(params, params.length + 1);
        breachParams[params.length] = now;
        long breached = Sql.count(c, "SELECT COUNT(*) FROM findings WHERE " + scope
                + " AND status IN ('open', 'in_backlog', 'in_progress') AND sla_deadline < ?", breachParams);
        long total = bySeverity.values().stream().mapToLong(Long::longValue).sum();
        return new FindingStats(total, bySeverity, byStatus, byKind, breached);
    }

    private static Map<String, Long> zeros(dev.vigil.model.WireEnum[] values) {
        Map<String, Long> map = new LinkedHashMap<>();
        for (var value : values) {
            map.put(value.wire(), 0L);
        }
        return map;
    }
}
