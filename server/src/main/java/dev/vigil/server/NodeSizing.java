package dev.vigil.server;

import java.time.Duration;

/** How a node divides its database connections between scan workers, API requests and uploads. */
final class NodeSizing {

    /** Connections each scan worker holds: one for its work, one to renew its lease. */
    static final int CONNECTIONS_PER_WORKER = 2;
    /** Connections beyond the workers' ones, for API requests and housekeeping. */
    static final int CONNECTIONS_FOR_REQUESTS = 8;
    /** The smallest pool, whatever the number of workers. */
    static final int MIN_POOL = 10;
    /** Uploads stored at once: one per this many connections of the pool ... */
    static final int POOL_CONNECTIONS_PER_UPLOAD = 4;
    /** ... and at least this many. */
    static final int MIN_UPLOADS = 2;
    /** How long an API request waits for its turn before it is answered 503 (see {@code http.Admission}). */
    static final Duration ADMISSION_PATIENCE = Duration.ofSeconds(30);
    /** Housekeeping runs this many times per scan lease ... */
    static final int HOUSEKEEPING_RUNS_PER_LEASE = 4;
    /** ... and at most once in this period. */
    static final Duration MIN_HOUSEKEEPING_PERIOD = Duration.ofMillis(100);

    private NodeSizing() {
    }

    /** The database pool of a node with {@code workers} scan workers. */
    static int poolSize(int workers) {
        return Math.max(MIN_POOL, workers * CONNECTIONS_PER_WORKER + CONNECTIONS_FOR_REQUESTS);
    }

    /** API requests that run at once: the pool less the workers' connections (the rest wait in turn). */
    static int concurrentRequests(int workers) {
        return poolSize(workers) - workers * CONNECTIONS_PER_WORKER;
    }

    /** Uploads that may be stored at once. */
    static int uploadPermits(int workers) {
        return Math.max(MIN_UPLOADS, poolSize(workers) / POOL_CONNECTIONS_PER_UPLOAD);
    }

    /** How often housekeeping runs: a few times per lease, so that a lost worker's scan is soon taken back. */
    static Duration housekeepingPeriod(Duration lease) {
        return Duration.ofMillis(Math.max(MIN_HOUSEKEEPING_PERIOD.toMillis(),
                lease.toMillis() / HOUSEKEEPING_RUNS_PER_LEASE));
    }
}
