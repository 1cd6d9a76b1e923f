package dev.vigil.server.work;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Background tasks on one daemon thread, each run again a delay after its last run ended. Every run is
 * {@linkplain Guard guarded}: a throw that escaped a run, even an error, would cancel the task for good.
 */
public final class Periodic implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Periodic.class);

    private final ScheduledExecutorService scheduler;

    public Periodic(String threadName) {
        this.scheduler = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().name(threadName).daemon().factory());
    }

    /** Runs {@code task} now and then {@code delay} after each run; {@code what} names it in the log. */
    public void every(Duration delay, String what, Runnable task) {
        scheduler.scheduleWithFixedDelay(() -> Guard.run(LOG, what + " (runs again later)", task),
                0, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }
}
