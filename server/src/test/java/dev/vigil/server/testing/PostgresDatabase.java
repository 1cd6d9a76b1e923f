package dev.vigil.server.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * A fresh, uniquely named PostgreSQL database for one test class or run, dropped on {@link #close()}.
 * The server is {@code vigil.test.pg.url} (default {@code jdbc:postgresql://127.0.0.1:5432/}) with
 * {@code vigil.test.pg.user} (default {@code postgres}) and {@code vigil.test.pg.password} (default empty):
 * trust authentication on loopback, as {@code scripts/postgres.sh} sets up.
 */
public final class PostgresDatabase implements AutoCloseable {

    /** Set by the PostgreSQL surefire execution: {@link TestServer} then runs over a fresh database. */
    public static final String STORE_PROPERTY = "vigil.test.store";

    private final String name;

    private PostgresDatabase(String name) {
        this.name = name;
    }

    /** True when this test JVM runs the PostgreSQL suite. */
    public static boolean selected() {
        return "postgresql".equals(System.getProperty(STORE_PROPERTY));
    }

    public static PostgresDatabase create() {
        String name = "vigil_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        execute("CREATE DATABASE " + name);
        return new PostgresDatabase(name);
    }

    public String url() {
        return serverUrl() + name;
    }

    public String name() {
        return name;
    }

    public static String user() {
        return System.getProperty("vigil.test.pg.user", "postgres");
    }

    public static String password() {
        return System.getProperty("vigil.test.pg.password", "");
    }

    /** A connection of its own to this database (autocommit), for assertions on what the store recorded. */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url(), user(), password());
    }

    /** How many connections to this database carry {@code applicationName} (pg_stat_activity). */
    public int connectionsNamed(String applicationName) {
        try (Connection c = connect(); var statement = c.prepareStatement(
                "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = ? AND application_name = ?")) {
            statement.setString(1, name);
            statement.setString(2, applicationName);
            try (var rows = statement.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL at " + serverUrl() + ": " + e.getMessage(), e);
        }
    }

    /** Runs {@code sql} on the maintenance database {@code postgres}. */
    public static void execute(String sql) {
        try (Connection c = DriverManager.getConnection(serverUrl() + "postgres", user(), password());
             Statement statement = c.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL at " + serverUrl() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }

    private static String serverUrl() {
        String url = Optional.ofNullable(System.getProperty("vigil.test.pg.url"))
                .orElse("jdbc:postgresql://127.0.0.1:5432/");
        return url.endsWith("/") ? url : url + "/";
    }

    @Override
    public String toString() {
        return name.toLowerCase(Locale.ROOT);
    }
}
