package db.migration;

import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Counts the findings that existed before the trend's counts (V10) by the day they were first seen, tenant by
 * tenant: both rows (severe or not) of every day on which a finding of the tenant was first seen, active or
 * not. On HSQLDB the table is kept in memory, as V9 keeps the stats' counts: a whole tenant's trend reads
 * every row of it.
 */
public class V11__Count_arrivals extends BaseJavaMigration {

    private static final long DAY = 86_400_000L;
    /** Critical and high (ranks 0 and 1) count as severe. */
    private static final int SEVERE_UP_TO_RANK = 1;
    /** The statuses in which a finding's SLA runs. */
    private static final String ACTIVE = "'open', 'in_backlog', 'in_progress'";

    private record Day(UUID projectId, long day) implements Comparable<Day> {
        @Override
        public int compareTo(Day other) {
            int byProject = projectId.compareTo(other.projectId);
            return byProject != 0 ? byProject : Long.compare(day, other.day);
        }
    }

    @Override
    public void migrate(Context context) throws Exception {
        Connection c = context.getConnection();
        V7__Small_tables_in_memory.keepInMemory(c, List.of("finding_arrivals"));
        for (UUID tenantId : FrozenSql.tenants(c)) {
            countArrivals(c, tenantId);
        }
    }

    private static void countArrivals(Connection c, UUID tenantId) throws SQLException {
        SortedMap<Day, long[]> bySevere = new TreeMap<>();
        for (Object[] row : FrozenSql.list(c, """
                SELECT project_id, first_seen_day, severe, SUM(active) AS n
                FROM (SELECT project_id,
                             first_seen / %d AS first_seen_day,
                             CASE WHEN severity <= %d THEN 1 ELSE 0 END AS severe,
                             CASE WHEN status IN (%s) THEN 1 ELSE 0 END AS active
                      FROM findings
                      WHERE tenant_id = ?) AS arrivals
                GROUP BY project_id, first_seen_day, severe
                """.formatted(DAY, SEVERE_UP_TO_RANK, ACTIVE), row -> new Object[]{
                new Day(FrozenSql.uuid(row, "project_id"), row.getLong("first_seen_day")),
                row.getInt("severe"), row.getLong("n")}, tenantId)) {
            bySevere.computeIfAbsent((Day) row[0], day -> new long[2])[(int) row[1]] = (long) row[2];
        }
        List<Object[]> rows = new ArrayList<>();
        bySevere.forEach((day, n) -> {
            for (int severe = 0; severe < 2; severe++) {
                rows.add(new Object[]{tenantId, day.projectId(), day.day(), severe, n[severe]});
            }
        });
        FrozenSql.update(c, "DELETE FROM finding_arrivals WHERE tenant_id = ?", tenantId);
        FrozenSql.batch(c, """
                INSERT INTO finding_arrivals (tenant_id, project_id, first_seen_day, severe, n)
                VALUES (?, ?, ?, ?, ?)
                """, rows);
    }
}
