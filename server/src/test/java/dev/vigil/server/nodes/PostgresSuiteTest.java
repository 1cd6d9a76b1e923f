package dev.vigil.server.nodes;

import dev.vigil.server.store.Dialect;
import dev.vigil.server.testing.PostgresDatabase;
import dev.vigil.server.testing.TestServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;

import static org.assertj.core.api.Assertions.assertThat;

/** The PostgreSQL suite really runs the HTTP tests over PostgreSQL, each server in a database of its own. */
@Tag("postgresql")
class PostgresSuiteTest {

    @Test
    void testServersOfTheSuiteRunOverAFreshPostgresqlDatabaseDroppedAfterwards() throws Exception {
        assertThat(PostgresDatabase.selected()).as("-Dvigil.test.store=postgresql in this execution").isTrue();
        String name;
        try (TestServer server = TestServer.start()) {
            assertThat(server.server().database().dialect()).isEqualTo(Dialect.POSTGRESQL);
            try (Connection c = server.server().database().dataSource().getConnection();
                 ResultSet row = c.createStatement().executeQuery("SELECT current_database()")) {
                row.next();
                name = row.getString(1);
            }
            assertThat(name).startsWith("vigil_test_");
            assertThat(databaseExists(name)).isTrue();
        }

        assertThat(databaseExists(name)).isFalse();
    }

    private static boolean databaseExists(String name) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/postgres",
                PostgresDatabase.user(), PostgresDatabase.password());
             var statement = c.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            statement.setString(1, name);
            try (ResultSet row = statement.executeQuery()) {
                return row.next();
            }
        }
    }
}
