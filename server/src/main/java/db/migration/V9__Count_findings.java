package db.migration;

import dev.vigil.server.store.Dialect;
import dev.vigil.server.store.FindingCounts;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

import java.sql.Connection;
import java.sql.Statement;

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
        if (Dialect.of(c) == Dialect.HSQLDB) {
            try (Statement statement = c.createStatement()) {
                statement.execute("SET TABLE finding_counts TYPE MEMORY");
                statement.execute("SET TABLE finding_deadlines TYPE MEMORY");
            }
        }
        FindingCounts.recountAll(c);
    }
}
