package db.migration;

import dev.vigil.server.store.Dialect;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;

/**
 * On HSQLDB, keeps the small tables that every request reads in memory instead of in the data file: a findings
 * page looks up each row's project and assignee, an API key is looked up per request, and each step of a seek in
 * a cached table takes the data file cache's lock (under load at 100,000 findings, index seeks were 30% of the
 * server's CPU samples, about half of them these lookups). These tables grow with people and repositories, not
 * with findings. PostgreSQL: nothing to do.
 */
public class V7__Small_tables_in_memory extends BaseJavaMigration {

    private static final List<String> TABLES = List.of("tenants", "users", "api_keys", "projects");

    @Override
    public void migrate(Context context) throws Exception {
        Connection c = context.getConnection();
        if (Dialect.of(c) != Dialect.HSQLDB) {
            return;
        }
        try (Statement statement = c.createStatement()) {
            for (String table : TABLES) {
                statement.execute("SET TABLE " + table + " TYPE MEMORY");
            }
        }
    }
}
