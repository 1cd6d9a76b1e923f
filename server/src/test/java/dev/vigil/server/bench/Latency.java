package dev.vigil.server.bench;

import java.util.Arrays;
import java.util.Locale;

/** Percentiles (nearest rank) of a series of timings, in milliseconds. */
record Latency(int n, double p50, double p95, double p99, double mean, double max) {

    static Latency ofNanos(long[] nanos) {
        if (nanos.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return new Latency(sorted.length, ms(rank(sorted, 0.50)), ms(rank(sorted, 0.95)), ms(rank(sorted, 0.99)),
                Arrays.stream(sorted).average().orElseThrow() / 1e6, ms(sorted[sorted.length - 1]));
    }

    /** The median of a few repetitions, in seconds (the middle one; the upper middle for an even count). */
    static double medianSeconds(double[] seconds) {
        double[] sorted = seconds.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static long rank(long[] sorted, double quantile) {
        int index = (int) Math.ceil(quantile * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    static String fmt(double millis) {
        return millis >= 100 ? String.format(Locale.ROOT, "%.0f", millis) : String.format(Locale.ROOT, "%.1f", millis);
    }
}
