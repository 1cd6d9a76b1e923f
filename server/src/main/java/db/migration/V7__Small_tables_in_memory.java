package db.migration;

import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

import java.sql.Connection;
import java.sql.SQLException;
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
        keepInMemory(context.getConnection(), TABLES);
    }

    /** On HSQLDB, makes {@code tables} memory tables; on PostgreSQL, nothing. */
    static void keepInMemory(Connection c, List<String> tables) throws SQLException {
        onHsqldb(c, tables.stream().map(table -> "SET TABLE " + table + " TYPE MEMORY").toList());
    }

    /** Runs {@code statements} on HSQLDB; on PostgreSQL, nothing. */
    static void onHsqldb(Connection c, List<String> statements) throws SQLException {
        if (!FrozenSql.hsqldb(c)) {
            return;
        }
        try (Statement statement = c.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }
}
