package dev.vigil.server.work;

import org.slf4j.Logger;

/** Runs one unit of background work so that its failure, an error included, ends only that unit. */
public final class Guard {

    private Guard() {
    }

    /** Runs {@code unit}; a failure is logged on {@code log} as {@code what failed: <class> at <frame>}. */
    public static void run(Logger log, String what, Runnable unit) {
        try {
            unit.run();
        } catch (Throwable failure) {
            log.error("{} failed: {}", what, Failures.describe(failure));
        }
    }
}
