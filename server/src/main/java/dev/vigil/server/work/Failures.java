package dev.vigil.server.work;

/**
 * How a failure in background work is logged: its class and the first of Vigil's frames it passed, never its
 * message, which may quote the scanned file or the archive.
 */
public final class Failures {

    private static final String OWN_CODE = "dev.vigil.";

    private Failures() {
    }

    /** {@code java.lang.StackOverflowError at dev.vigil.server.scan.sca.versions.SemverScheme.isValid(…)}. */
    public static String describe(Throwable failure) {
        StackTraceElement[] trace = failure.getStackTrace();
        StackTraceElement where = trace.length == 0 ? null : trace[0];
        for (StackTraceElement frame : trace) {
            if (frame.getClassName().startsWith(OWN_CODE)) {
                where = frame;
                break;
            }
        }
        return failure.getClass().getName() + (where == null ? "" : " at " + where);
    }
}
