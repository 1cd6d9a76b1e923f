package db.migration;

import dev.vigil.server.store.FindingCounts;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

import java.sql.Connection;
import java.util.List;
import java.util.UUID;

/**
 * Counts the findings that existed before the trend's counts (V10) by the day they were first seen, tenant by
 * tenant. On HSQLDB the table is kept in memory, as V9 keeps the stats' counts: a whole tenant's trend reads
 * every row of it.
 */
public class V11__Count_arrivals extends BaseJavaMigration {

    @Override
    public void migrate(Context context) throws Exception {
        Connection c = context.getConnection();
        V7__Small_tables_in_memory.keepInMemory(c, List.of("finding_arrivals"));
        for (UUID tenantId : FindingCounts.tenants(c)) {
            FindingCounts.recountArrivals(c, tenantId);
        }
    }
}
