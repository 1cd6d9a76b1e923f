package dev.vigil.server.ops;

import dev.vigil.server.http.Idempotency;
import dev.vigil.server.http.RateLimit;
import dev.vigil.server.scan.ScanRecovery;
import dev.vigil.server.triage.AcceptanceExpiry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The periodic work every node does: take back scans whose worker died, reopen expired acceptances, and
 * forget idempotency records and rate-limit counts past their window. Each task is safe to run on
 * several nodes at once.
 */
public final class Housekeeping implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Housekeeping.class);

    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("vigil-housekeeping").daemon().factory());
    private final ScanRecovery recovery;
    private final AcceptanceExpiry acceptances;
    private final Idempotency idempotency;
    private final RateLimit rateLimit;

    public Housekeeping(ScanRecovery recovery, AcceptanceExpiry acceptances, Idempotency idempotency,
                        RateLimit rateLimit) {
        this.recovery = recovery;
        this.acceptances = acceptances;
        this.idempotency = idempotency;
        this.rateLimit = rateLimit;
    }

    public void start(Duration leaseCheck) {
        schedule(recovery::recoverExpired, leaseCheck);
        schedule(acceptances::reopenExpired, Duration.ofMinutes(1));
        schedule(idempotency::purgeExpired, Duration.ofMinutes(10));
        schedule(rateLimit::purgeExpired, Duration.ofMinutes(10));
    }

    private void schedule(Runnable task, Duration every) {
        scheduler.scheduleWithFixedDelay(() -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.warn("housekeeping task failed; it runs again later", e);
            }
        }, 0, every.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }
}
