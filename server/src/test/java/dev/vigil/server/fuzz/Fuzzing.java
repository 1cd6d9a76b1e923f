package dev.vigil.server.fuzz;

import java.time.Duration;

/**
 * The invariants every fuzz target holds besides its own: a unit of work on a hostile input ends in time
 * that grows with the input, not beyond it. An exception other than the target's own, a
 * {@link StackOverflowError} or an {@link OutOfMemoryError} fails the input by itself (Jazzer reports any
 * throwable that escapes the target).
 */
final class Fuzzing {

    /**
     * A generous ceiling, far above any linear parser on the inputs a fuzzer makes (at most a few hundred
     * KiB): 2 seconds plus 20 ms a KiB. A quadratic or exponential path on a crafted input passes it.
     */
    static Duration ceiling(int inputLength) {
        return Duration.ofMillis(2_000 + 20L * (inputLength / 1024));
    }

    static void withinTime(int inputLength, ThrowingRunnable work) {
        long start = System.nanoTime();
        try {
            work.run();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Exception e) {
            throw new AssertionError("unexpected checked exception", e);
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        if (took.compareTo(ceiling(inputLength)) > 0) {
            throw new AssertionError("took " + took.toMillis() + " ms for " + inputLength + " characters");
        }
    }

    @FunctionalInterface
    interface ThrowingRunnable {
        void run() throws Exception;
    }

    private Fuzzing() {
    }
}
