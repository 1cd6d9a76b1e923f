package dev.vigil.server.store;

import org.apache.commons.dbcp2.DelegatingPreparedStatement;
import org.apache.commons.dbcp2.PoolingConnection;
import org.apache.commons.pool2.impl.GenericKeyedObjectPool;
import org.apache.commons.pool2.impl.GenericKeyedObjectPoolConfig;
import org.hsqldb.jdbc.JDBCDataSource;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;

/**
 * HSQLDB's connections, each keeping the statements it prepared for the next prepare of the same SQL.
 *
 * <p>HSQLDB compiles a statement again at every prepare unless one of the same SQL is still open on the
 * session, and the repositories close theirs at the end of each request: under load, compiling took 17% of
 * the server's CPU. Closing a statement here returns it to its connection's pool (commons-dbcp2, configured
 * as its {@code BasicDataSource} does with {@code poolPreparedStatements}); the same SQL prepared again while
 * the first is open gets a statement of its own. PostgreSQL's driver keeps such a cache itself.
 */
final class StatementKeepingDataSource extends JDBCDataSource {

    /** The most statements a connection keeps; beyond it, the ones idle longest are closed. */
    private static final int STATEMENTS_PER_CONNECTION = 256;

    StatementKeepingDataSource(String jdbcUrl) {
        setUrl(jdbcUrl);
    }

    @Override
    public Connection getConnection() throws SQLException {
        return keepingStatements(super.getConnection());
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        return keepingStatements(super.getConnection(user, password));
    }

    private static Connection keepingStatements(Connection connection) {
        PoolingConnection pooling = new PoolingConnection(connection);
        GenericKeyedObjectPoolConfig<DelegatingPreparedStatement> config = new GenericKeyedObjectPoolConfig<>();
        config.setMaxTotalPerKey(-1);
        config.setMaxIdlePerKey(1);
        config.setMaxTotal(STATEMENTS_PER_CONNECTION);
        config.setBlockWhenExhausted(false);
        config.setMaxWait(Duration.ZERO);
        config.setJmxEnabled(false);
        pooling.setStatementPool(new GenericKeyedObjectPool<>(pooling, config));
        return pooling;
    }
}
