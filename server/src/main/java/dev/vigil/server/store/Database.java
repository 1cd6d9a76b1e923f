package dev.vigil.server.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.flywaydb.core.Flyway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Optional;

/**
 * The connection pool over HSQLDB (a file in the data directory) or PostgreSQL, with the schema migrated at
 * start-up. Work runs in explicit transactions through {@link #inTransaction}.
 */
public final class Database implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Database.class);

    private final HikariDataSource dataSource;
    private final Dialect dialect;
    private final boolean inProcess;

    private Database(HikariDataSource dataSource, Dialect dialect, boolean inProcess) {
        this.dataSource = dataSource;
        this.dialect = dialect;
        this.inProcess = inProcess;
    }

    /**
     * Opens the pool and migrates the schema. Without a {@code user}, HSQLDB's embedded database is opened
     * as {@code SA} and PostgreSQL's driver takes the {@code user} of the URL (or the operating-system user).
     */
    public static Database open(String jdbcUrl, Optional<String> user, String password, int poolSize) {
        Dialect dialect = Dialect.of(jdbcUrl);
        HikariConfig config = new HikariConfig();
        if (dialect == Dialect.HSQLDB) {
            config.setDataSource(new StatementKeepingDataSource(jdbcUrl));
            config.setUsername(user.orElse("SA"));
            config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        } else {
            config.setJdbcUrl(jdbcUrl);
            config.setUsername(user.orElse(null));
        }
        config.setPassword(password);
        config.setMaximumPoolSize(poolSize);
        config.setAutoCommit(false);
        config.setPoolName("vigil");
        // a request waits at most this long for a connection: a database that is gone fails requests (and
        // readiness) within seconds instead of holding them for Hikari's default 30 s
        config.setConnectionTimeout(10_000);
        boolean hsqldbFile = jdbcUrl.startsWith("jdbc:hsqldb:file:");
        HikariDataSource dataSource = new HikariDataSource(config);
        try {
            migrate(dataSource, dialect);
            if (hsqldbFile && rowCacheResized(dataSource, HsqldbRowCache.forUrl(jdbcUrl))) {
                dataSource.close();
                dataSource = new HikariDataSource(config);
            }
        } catch (RuntimeException e) {
            dataSource.close();
            throw e;
        }
        return new Database(dataSource, dialect, hsqldbFile || jdbcUrl.startsWith("jdbc:hsqldb:mem:"));
    }

    /**
     * Gives the row cache of HSQLDB's file database its {@code size} for the database and this heap
     * ({@link HsqldbRowCache}). Where the database has another (created by an earlier version, grown, or run
     * with another heap), the new size is kept in it and the database shut down, to open again with it:
     * whether it was. Not for a database in an HSQLDB server, whose operator sizes its cache and which other
     * clients may share.
     */
    private static boolean rowCacheResized(DataSource dataSource, HsqldbRowCache size) {
        try (Connection c = dataSource.getConnection()) {
            if (!size.differs(c)) {
                return false;
            }
            size.set(c);
            try (Statement statement = c.createStatement()) {
                statement.execute("SHUTDOWN");
            }
            LOG.info("HSQLDB's row cache set to {} MiB and {} rows for this database and heap; opening it again",
                    size.kilobytes() >> 10, size.rows());
            return true;
        } catch (SQLException e) {
            throw new StoreException(e);
        }
    }

    private static void migrate(DataSource dataSource, Dialect dialect) {
        Flyway.configure()
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .placeholders(Map.of("text", dialect.textType(), "blob", dialect.blobType(),
                        "term", dialect.termType()))
                .load()
                .migrate();
    }

    public Dialect dialect() {
        return dialect;
    }

    public DataSource dataSource() {
        return dataSource;
    }

    /** Whether this process is the only one that reaches the database: HSQLDB on a file or in memory. */
    public boolean inProcess() {
        return inProcess;
    }

    /**
     * A PostgreSQL connection of its own, outside the pool, for work that holds one for as long as the node
     * runs (a LISTEN); in autocommit, and the caller closes it.
     */
    public Connection openUnpooled() throws SQLException {
        if (dialect != Dialect.POSTGRESQL) {
            throw new IllegalStateException("an unpooled connection is for PostgreSQL only");
        }
        return DriverManager.getConnection(dataSource.getJdbcUrl(), dataSource.getUsername(), dataSource.getPassword());
    }

    /** Runs {@code work} in one transaction: committed when it returns, rolled back when it throws. */
    public <T> T inTransaction(Work<T> work) {
        try (Connection connection = dataSource.getConnection()) {
            try {
                T result = work.run(connection);
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                rollbackQuietly(connection, e);
                throw e;
            }
        } catch (SQLException e) {
            throw new StoreException(e);
        }
    }

    /**
     * Runs read-only {@code work} with each statement in a transaction of its own (autocommit): no COMMIT
     * round trip, which on PostgreSQL is a wake-up of the server process per request. For reads whose
     * statements need no common snapshot: one statement, or a page after the plan that chose its index.
     */
    public <T> T read(Work<T> work) {
        try (Connection connection = dataSource.getConnection()) {
            // the pool sets autocommit back to false when the connection returns
            connection.setAutoCommit(true);
            return work.run(connection);
        } catch (SQLException e) {
            throw new StoreException(e);
        }
    }

    /** Like {@link #inTransaction} for work without a result. */
    public void run(VoidWork work) {
        inTransaction(connection -> {
            work.run(connection);
            return null;
        });
    }

    private static void rollbackQuietly(Connection connection, Exception cause) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            cause.addSuppressed(e);
        }
    }

    @Override
    public void close() {
        if (dialect == Dialect.HSQLDB) {
            try (Connection connection = dataSource.getConnection()) {
                connection.createStatement().execute("CHECKPOINT");
            } catch (SQLException ignored) {
                // closing anyway: HSQLDB replays its log at the next start
            }
        }
        dataSource.close();
    }

    @FunctionalInterface
    public interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    @FunctionalInterface
    public interface VoidWork {
        void run(Connection connection) throws SQLException;
    }
}
