package db.migration;

import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Counts the findings that existed before the counts (V8), tenant by tenant. On HSQLDB the counts are kept in
 * memory, as V7 keeps the small tables: a whole tenant's stats read every row of its counts (at a million
 * findings in 500 projects, about 45,000 counts and 200,000 deadline days), and a row of a cached table costs
 * a seek in the data file's cache each. The severities, statuses and kinds are those of this release.
 */
public class V9__Count_findings extends BaseJavaMigration {

    private static final long DAY = 86_400_000L;
    /** Critical to info, by rank. */
    private static final List<Integer> SEVERITIES = List.of(0, 1, 2, 3, 4);
    private static final List<String> STATUSES =
            List.of("open", "in_backlog", "in_progress", "resolved", "accepted", "false_positive");
    private static final List<String> KINDS = List.of("sca", "iac", "secrets");
    /** The statuses in which a finding's SLA runs. */
    private static final String ACTIVE = "'open', 'in_backlog', 'in_progress'";

    private record Key(UUID projectId, int severity, String status, String kind) {
    }

    @Override
    public void migrate(Context context) throws Exception {
        Connection c = context.getConnection();
        V7__Small_tables_in_memory.keepInMemory(c, List.of("finding_counts", "finding_deadlines"));
        for (UUID tenantId : FrozenSql.tenants(c)) {
            countStatuses(c, tenantId);
            countDeadlines(c, tenantId);
        }
    }

    private static void countStatuses(Connection c, UUID tenantId) throws SQLException {
        Map<Key, Long> counted = new HashMap<>();
        for (var row : FrozenSql.list(c, """
                SELECT project_id, severity, status, scan_type, COUNT(*) AS n
                FROM findings
                WHERE tenant_id = ?
                GROUP BY project_id, severity, status, scan_type
                """, row -> Map.entry(new Key(FrozenSql.uuid(row, "project_id"), row.getInt("severity"),
                row.getString("status"), row.getString("scan_type")), row.getLong("n")), tenantId)) {
            counted.put(row.getKey(), row.getValue());
        }
        List<Object[]> rows = new ArrayList<>();
        for (UUID projectId : FrozenSql.list(c, "SELECT id FROM projects WHERE tenant_id = ?",
                row -> FrozenSql.uuid(row, "id"), tenantId)) {
            for (int severity : SEVERITIES) {
                for (String status : STATUSES) {
                    for (String kind : KINDS) {
                        long n = counted.getOrDefault(new Key(projectId, severity, status, kind), 0L);
                        rows.add(new Object[]{tenantId, projectId, severity, status, kind, n});
                    }
                }
            }
        }
        FrozenSql.update(c, "DELETE FROM finding_counts WHERE tenant_id = ?", tenantId);
        FrozenSql.batch(c, """
                INSERT INTO finding_counts (tenant_id, project_id, severity, status, scan_type, n)
                VALUES (?, ?, ?, ?, ?, ?)
                """, rows);
    }

    private static void countDeadlines(Connection c, UUID tenantId) throws SQLException {
        List<Object[]> days = FrozenSql.list(c, """
                SELECT project_id, deadline_day, SUM(active) AS n
                FROM (SELECT project_id,
                             sla_deadline / %d AS deadline_day,
                             CASE WHEN status IN (%s) THEN 1 ELSE 0 END AS active
                      FROM findings
                      WHERE tenant_id = ? AND sla_deadline IS NOT NULL) AS deadlines
                GROUP BY project_id, deadline_day
                """.formatted(DAY, ACTIVE), row -> new Object[]{tenantId, FrozenSql.uuid(row, "project_id"),
                row.getLong("deadline_day"), row.getLong("n")}, tenantId);
        FrozenSql.update(c, "DELETE FROM finding_deadlines WHERE tenant_id = ?", tenantId);
        FrozenSql.batch(c, """
                INSERT INTO finding_deadlines (tenant_id, project_id, deadline_day, n)
                VALUES (?, ?, ?, ?)
                """, days);
    }
}
