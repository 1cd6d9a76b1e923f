package dev.vigil.server.testing;

import java.util.function.Consumer;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Holds a reader linear in its input: reading an input {@link #GROWTH} times as large must take less than
 * {@link #MAX_RATIO} times as long as reading the smaller one {@code GROWTH} times (a quadratic reader takes
 * {@code GROWTH} times as long). Best of two runs, up to three rounds while the ratio is over, as a loaded
 * machine's noise needs.
 */
public final class LinearTime {

    public static final int GROWTH = 8;
    private static final double MAX_RATIO = 4;
    private static final int ROUNDS = 3;
    private static final int RUNS = 2;

    private LinearTime() {
    }

    /** Asserts that {@code read} of {@code large} ({@code GROWTH} times {@code small}) is linear; {@code what} names it. */
    public static void assertLinear(Object what, byte[] small, byte[] large, Consumer<byte[]> read) {
        read.accept(large);
        long smallNanos = Long.MAX_VALUE;
        long largeNanos = Long.MAX_VALUE;
        for (int round = 0; round < ROUNDS && (round == 0 || largeNanos >= MAX_RATIO * smallNanos); round++) {
            smallNanos = Math.min(smallNanos, best(() -> IntStream.range(0, GROWTH).forEach(i -> read.accept(small))));
            largeNanos = Math.min(largeNanos, best(() -> read.accept(large)));
        }
        assertThat((double) largeNanos / smallNanos)
                .as("%s: %d bytes %d times in %.1f ms, %d bytes once in %.1f ms", what, small.length, GROWTH,
                        smallNanos / 1e6, large.length, largeNanos / 1e6)
                .isLessThan(MAX_RATIO);
    }

    private static long best(Runnable work) {
        long best = Long.MAX_VALUE;
        for (int run = 0; run < RUNS; run++) {
            long start = System.nanoTime();
            work.run();
            best = Math.min(best, System.nanoTime() - start);
        }
        return Math.max(best, 1);
    }
}
