package dev.vigil.server.testing;

import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/** Asking again until the answer holds, for what another thread, node or connection brings about later. */
public final class Eventually {

    private static final Duration PATIENCE = Duration.ofSeconds(10);
    private static final Duration PAUSE = Duration.ofMillis(20);

    private Eventually() {
    }

    /** Asks {@code ask} again until its answer {@code holds}, and returns that answer; fails after ten seconds. */
    public static <T> T eventually(Supplier<T> ask, Predicate<T> holds, String what) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        T answer = ask.get();
        while (!holds.test(answer)) {
            assertThat(System.nanoTime()).as(what).isLessThan(deadline);
            Thread.sleep(PAUSE);
            answer = ask.get();
        }
        return answer;
    }
}
