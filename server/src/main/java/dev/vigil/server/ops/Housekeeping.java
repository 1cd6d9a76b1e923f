package dev.vigil.server.ops;

import dev.vigil.server.http.Idempotency;
import dev.vigil.server.http.RateLimit;
import dev.vigil.server.pipeline.ScanRecovery;
import dev.vigil.server.triage.AcceptanceExpiry;
import dev.vigil.server.work.Periodic;

import java.time.Duration;

/**
 * The periodic work every node does: take back scans whose worker died, reopen expired acceptances, and
 * forget idempotency records and rate-limit counts past their window. Each task is safe to run on
 * several nodes at once.
 */
public final class Housekeeping implements AutoCloseable {

    private final Periodic scheduler = new Periodic("vigil-housekeeping");
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
        scheduler.every(leaseCheck, "requeueing scans of lost workers", recovery::recoverExpired);
        scheduler.every(Duration.ofMinutes(1), "reopening expired acceptances", acceptances::reopenExpired);
        scheduler.every(Duration.ofMinutes(10), "purging idempotency records", idempotency::purgeExpired);
        scheduler.every(Duration.ofMinutes(10), "purging rate-limit counts", rateLimit::purgeExpired);
    }

    @Override
    public void close() {
        scheduler.close();
    }
}
