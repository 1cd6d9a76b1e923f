package dev.vigil.server.store;

import java.sql.SQLException;

/** A database failure the caller cannot act on; mapped to 500 INTERNAL_ERROR. */
public final class StoreException extends RuntimeException {

    public StoreException(SQLException cause) {
        super(cause.getMessage(), cause);
    }

    /** True when the failure is a unique-constraint violation (SQLState class 23). */
    public static boolean isUniqueViolation(SQLException e) {
        String state = e.getSQLState();
        return state != null && (state.equals("23505") || state.startsWith("23"));
    }
}
