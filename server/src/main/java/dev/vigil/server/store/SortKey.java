package dev.vigil.server.store;

import dev.vigil.model.Severity;

/**
 * The findings list order as one number: severity (critical first), then first seen. Epoch milliseconds
 * stay below 10^13 until the year 2286, so the severity is the leading digit.
 */
public final class SortKey {

    private static final long BAND = 10_000_000_000_000L;

    private SortKey() {
    }

    public static long of(Severity severity, long firstSeen) {
        return severity.rank() * BAND + firstSeen;
    }

    /** The first-seen time a key holds. */
    public static long firstSeen(long sortKey) {
        return sortKey % BAND;
    }

    /** The first key of a severity's band. */
    static long bandStart(Severity severity) {
        return severity.rank() * BAND;
    }

    /** The first key after a severity's band. */
    static long bandEnd(Severity severity) {
        return (severity.rank() + 1) * BAND;
    }
}
