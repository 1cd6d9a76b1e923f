package dev.vigil.server.pipeline;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Supplier;

/** The nanoseconds one scan spent in each {@link ScanStage}, reported to {@link ScanMetrics} at its end. */
final class StageTimes {

    private static final ScanStage[] STAGES = ScanStage.values();

    private final AtomicLongArray nanos = new AtomicLongArray(STAGES.length);
    private final AtomicIntegerArray visited = new AtomicIntegerArray(STAGES.length);

    void add(ScanStage stage, long elapsedNanos) {
        nanos.addAndGet(stage.ordinal(), elapsedNanos);
        visited.set(stage.ordinal(), 1);
    }

    long nanos(ScanStage stage) {
        return nanos.get(stage.ordinal());
    }

    <T> T time(ScanStage stage, Supplier<T> work) {
        long start = System.nanoTime();
        try {
            return work.get();
        } finally {
            add(stage, System.nanoTime() - start);
        }
    }

    /** Reports every stage the scan went through, once each. */
    void reportTo(ScanMetrics metrics) {
        for (ScanStage stage : STAGES) {
            if (visited.get(stage.ordinal()) == 1) {
                metrics.stageTook(stage, Math.max(0, nanos.get(stage.ordinal())) / 1e9);
            }
        }
    }
}
