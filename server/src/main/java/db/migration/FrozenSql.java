package db.migration;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Plain JDBC for the Java migrations, which carry their own SQL and call no live store code: what a released
 * migration did must not change when the store's classes do. Never change what a method here does; add one.
 */
final class FrozenSql {

    /** Maps one row of a result. */
    @FunctionalInterface
    interface Row<T> {
        T map(ResultSet row) throws SQLException;
    }

    private FrozenSql() {
    }

    static <T> List<T> list(Connection c, String sql, Row<T> mapper, Object... params) throws SQLException {
        try (PreparedStatement statement = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                statement.setObject(i + 1, params[i]);
            }
            try (ResultSet rows = statement.executeQuery()) {
                List<T> result = new ArrayList<>();
                while (rows.next()) {
                    result.add(mapper.map(rows));
                }
                return result;
            }
        }
    }

    static void update(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement statement = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                statement.setObject(i + 1, params[i]);
            }
            statement.executeUpdate();
        }
    }

    static void batch(Connection c, String sql, List<Object[]> rows) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        try (PreparedStatement statement = c.prepareStatement(sql)) {
            for (Object[] row : rows) {
                for (int i = 0; i < row.length; i++) {
                    statement.setObject(i + 1, row[i]);
                }
                statement.addBatch();
            }
            statement.executeBatch();
        }
    }

    /** A UUID column: HSQLDB and PostgreSQL's drivers may answer a UUID or its text. */
    static UUID uuid(ResultSet row, String column) throws SQLException {
        Object value = row.getObject(column);
        return value instanceof UUID id ? id : UUID.fromString(value.toString());
    }

    /** Every tenant's id. */
    static List<UUID> tenants(Connection c) throws SQLException {
        return list(c, "SELECT id FROM tenants", row -> uuid(row, "id"));
    }

    /** Whether {@code c} is connected to HSQLDB. */
    static boolean hsqldb(Connection c) throws SQLException {
        return c.getMetaData().getURL().startsWith("jdbc:hsqldb:");
    }
}
