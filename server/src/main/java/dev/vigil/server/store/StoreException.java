package dev.vigil.server.store;

import java.sql.SQLException;

/** A database failure the caller cannot act on; mapped to 500 INTERNAL_ERROR. */
public final class StoreException extends RuntimeException {

    public StoreException(SQLException cause) {
        super(cause.getMessage(), cause);
    }

    /** True when the failure is a unique-constraint violation (SQLState 23505 on HSQLDB and PostgreSQL). */
    public static boolean isUniqueViolation(SQLException e) {
        return "23505".equals(e.getSQLState());
    }
}
