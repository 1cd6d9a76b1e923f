package dev.vigil.server.testing;

import java.time.Instant;

/** The server's real clock as a test sees it. */
public final class WallClock {

    private WallClock() {
    }

    /**
     * Waits until the clock has passed {@code instant}'s millisecond, so that what is created next is newer: two
     * rows of one millisecond tie on their time, and a list ordered newest first then orders them by random id.
     */
    public static void tickPast(Instant instant) throws InterruptedException {
        while (System.currentTimeMillis() <= instant.toEpochMilli()) {
            Thread.sleep(1);
        }
    }
}
