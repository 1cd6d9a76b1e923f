package dev.vigil.server.access;

/** The caller's role is below what an operation needs; {@code http.ErrorMapping} answers 403. */
public final class InsufficientRole extends RuntimeException {

    public InsufficientRole(String message) {
        super(message, null, false, false);
    }
}
