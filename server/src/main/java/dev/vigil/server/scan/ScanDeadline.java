package dev.vigil.server.scan;

import java.time.Duration;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * The wall-clock budget of one scan, checked cooperatively between files and inside long loops. Work that
 * finds it {@link #passed()} stops and keeps what it has; the scan then completes with a
 * {@value #WARNING} warning and resolves nothing ({@link #cut()}). Thread-safe.
 */
public final class ScanDeadline {

    public static final String WARNING = "SCAN_TIME_LIMIT";

    private final Duration budget;
    private final LongSupplier nanoTime;
    private final long end;
    private volatile boolean cut;

    ScanDeadline(Duration budget, LongSupplier nanoTime) {
        this.budget = Objects.requireNonNull(budget, "budget");
        this.nanoTime = nanoTime;
        this.end = nanoTime.getAsLong() + budget.toNanos();
    }

    /** A budget that starts now. */
    public static ScanDeadline after(Duration budget) {
        return new ScanDeadline(budget, System::nanoTime);
    }

    /** A budget no scan of a test or a tool reaches. */
    public static ScanDeadline none() {
        return new ScanDeadline(Duration.ofDays(365), System::nanoTime);
    }

    public Duration budget() {
        return budget;
    }

    /** Whether the budget is spent; the caller then stops, and the scan counts as {@link #cut()}. */
    public boolean passed() {
        if (!cut && nanoTime.getAsLong() - end >= 0) {
            cut = true;
        }
        return cut;
    }

    /** Whether some work stopped because the budget was spent: the scan did not read everything. */
    public boolean cut() {
        return cut;
    }
}
