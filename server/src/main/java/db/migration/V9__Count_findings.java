package db.migration;

import dev.vigil.server.store.FindingCounts;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

import java.sql.Connection;
import java.util.List;
import java.util.UUID;

/**
 * Counts the findings that existed before the counts (V8), tenant by tenant. On HSQLDB the counts are kept in
 * memory, as V7 keeps the small tables: a whole tenant's stats read every row of its counts (at a million
 * findings in 500 projects, about 45,000 counts and 200,000 deadline days), and a row of a cached table costs
 * a seek in the data file's cache each.
 */
public class V9__Count_findings extends BaseJavaMigration {

    @Override
    public void migrate(Context context) throws Exception {
        Connection c = context.getConnection();
        V7__Small_tables_in_memory.keepInMemory(c, List.of("finding_counts", "finding_deadlines"));
        for (UUID tenantId : FindingCounts.tenants(c)) {
            FindingCounts.recountStats(c, tenantId);
        }
    }
}
