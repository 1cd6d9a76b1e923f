package dev.vigil.server.bench;

import dev.vigil.server.store.Database;
import dev.vigil.server.store.FindingQuery;
import dev.vigil.server.store.Sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * Evidence for a fix, not a change: the list query of the server in process (no HTTP), beside the same
 * query ordered by the whole index key ({@code f.tenant_id} first) with HSQLDB's {@code LIMIT … USING INDEX},
 * which lets HSQLDB walk {@code findings_order} and stop at the limit instead of sorting every row of the
 * tenant. Median of 3 after one warm-up, first page (limit 20).
 */
final class WhatIf {

    private static final String INDEX_ORDER = " ORDER BY f.tenant_id, f.severity, f.first_seen, f.id LIMIT ? USING INDEX";

    private WhatIf() {
    }

    static void print(Database database, UUID tenantId, List<FindingsBench.Result> results) {
        String current = QueryPlans.listSql();
        String rewritten = current.substring(0, current.lastIndexOf(" ORDER BY")) + INDEX_ORDER;
        Table table = new Table("request (in process, first page)", "as the server runs it ms", "ordered by the index, USING INDEX ms");
        for (FindingsBench.Result result : results) {
            if (result.measured().filter() == null || result.measured().filter().projectId().isPresent()
                    || result.measured().filter().assignedToUserId().isPresent()) {
                continue;
            }
            FindingQuery query = FindingQuery.of(tenantId, result.measured().filter());
            Object[] params = QueryPlans.withLimit(query.params(), 21);
            table.row(result.measured().name(), Latency.fmt(median(database, String.format(Locale.ROOT, current, query.where()), params)),
                    Latency.fmt(median(database, String.format(Locale.ROOT, rewritten, query.where()), params)));
        }
        table.print();
    }

    private static double median(Database database, String sql, Object[] params) {
        double[] millis = new double[3];
        for (int i = -1; i < millis.length; i++) {
            long start = System.nanoTime();
            database.run(c -> drain(c, sql, params));
            if (i >= 0) {
                millis[i] = (System.nanoTime() - start) / 1e6;
            }
        }
        return Latency.medianSeconds(millis);
    }

    private static void drain(Connection c, String sql, Object[] params) throws SQLException {
        try (PreparedStatement statement = Sql.prepare(c, sql, params); ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                rows.getString(1);
            }
        }
    }
}
