package dev.vigil.desktop.connection;

/**
 * The embedded server refused the key the dashboard keeps (revoked or expired). Nothing is bootstrapped in
 * its place: the dashboard says so and offers {@link Connector#renewLocalKey()}
 * ({@code docs/adr/0061-dashboard-guards-against-lost-work.md}).
 */
public final class KeyRefused extends RuntimeException {

    public KeyRefused(String serverMessage) {
        super("The local server refused this app's key (" + serverMessage + "). Your projects, scans and triage "
                + "are kept: create a new key for the same account to see them again.");
    }

    /** True when {@code failure} or one of its causes is a refused key. */
    public static boolean in(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof KeyRefused) {
                return true;
            }
        }
        return false;
    }
}
