package dev.vigil.server.store;

import java.sql.SQLException;

/**
 * A database failure: a unique-constraint violation (a concurrent request created the same row) is mapped to
 * 409 ALREADY_EXISTS, anything else to 500 INTERNAL_ERROR.
 */
public final class StoreException extends RuntimeException {

    public StoreException(SQLException cause) {
        super(cause.getMessage(), cause);
    }

    /** Whether a unique constraint refused the write. */
    public boolean uniqueViolation() {
        return getCause() instanceof SQLException e && isUniqueViolation(e);
    }

    /** True when the failure is a unique-constraint violation (SQLState 23505 on HSQLDB and PostgreSQL). */
    public static boolean isUniqueViolation(SQLException e) {
        return "23505".equals(e.getSQLState());
    }
}
