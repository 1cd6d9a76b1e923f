package dev.vigil.server.pipeline;

import dev.vigil.server.store.Database;
import dev.vigil.server.store.ScanRepository;
import dev.vigil.server.store.ScanRow;
import dev.vigil.server.work.Failures;
import dev.vigil.server.work.Guard;
import dev.vigil.server.work.Staffing;
import dev.vigil.server.work.Supervisor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * This node's scan workers. Each claims the next pending scan in turn across tenants with a conditional update
 * (so that no two workers on any node run the same scan), holds a lease that a renewal thread extends, and
 * processes it. A {@link Supervisor} replaces a worker or renewal thread that stops while the node runs.
 */
public final class ScanWorkers implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ScanWorkers.class);
    private static final long IDLE_POLL_MILLIS = 500;
    /** Each lost race is another worker's claim; past this many the worker rests until the next poll. */
    private static final int MAX_LOST_RACES = 8;
    private static final Duration RESTART_PAUSE = Duration.ofSeconds(5);

    private final Database database;
    private final ScanRepository scans;
    private final ScanProcessor processor;
    private final ScanQueue queue;
    private final Clock clock;
    private final Duration lease;
    private final String nodeId;
    private final Map<UUID, String> held = new ConcurrentHashMap<>();
    private volatile Supervisor workers = workerThreads(0);
    private volatile Supervisor renewal = renewalThread(0);
    private volatile boolean running = true;
    private volatile boolean renewing = true;

    public ScanWorkers(Database database, ScanRepository scans, ScanProcessor processor, ScanQueue queue, Clock clock,
                       Duration lease, String nodeId) {
        this.database = database;
        this.scans = scans;
        this.processor = processor;
        this.queue = queue;
        this.clock = clock;
        this.lease = lease;
        this.nodeId = nodeId;
    }

    public void start(int count) {
        workers = workerThreads(count);
        renewal = renewalThread(count);
        workers.start();
        renewal.start();
    }

    /** The scan workers configured and running: fewer run only between a thread's end and its replacement. */
    public Staffing staffing() {
        return workers.staffing();
    }

    private Supervisor workerThreads(int count) {
        return new Supervisor("vigil-worker", "scan workers", count, i -> () -> work(nodeId + "/" + i), RESTART_PAUSE);
    }

    private Supervisor renewalThread(int workers) {
        return new Supervisor("vigil-lease-renewal", "lease renewal threads", Math.min(1, workers),
                i -> this::renewLeases, RESTART_PAUSE);
    }

    private void work(String worker) {
        while (running) {
            long seen = queue.generation();
            try {
                long claiming = System.nanoTime();
                Optional<ScanRow> claimed = claimNext(worker);
                if (claimed.isPresent()) {
                    StageTimes times = new StageTimes();
                    times.add(ScanStage.CLAIMED, System.nanoTime() - claiming);
                    times.add(ScanStage.QUEUED, Math.max(0, clock.millis() - claimed.get().createdAt()) * 1_000_000L);
                    run(claimed.get(), worker, times);
                } else {
                    queue.await(seen, IDLE_POLL_MILLIS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Throwable e) {
                LOG.error("worker {} failed; it goes on: {}", worker, Failures.describe(e));
                sleepQuietly();
            }
        }
    }

    private void run(ScanRow scan, String worker, StageTimes times) {
        held.put(scan.id(), worker);
        try {
            processor.process(scan, worker, times);
        } finally {
            held.remove(scan.id());
        }
    }

    /**
     * Claims the scan {@link ScanRepository#next} names; when another worker (on any node) took it first, asks
     * again, since that claim may have changed whose turn it is.
     */
    private Optional<ScanRow> claimNext(String worker) {
        for (int race = 0; race < MAX_LOST_RACES; race++) {
            Optional<UUID> next = database.read(scans::next);
            if (next.isEmpty()) {
                return Optional.empty();
            }
            UUID id = next.get();
            long now = clock.millis();
            Optional<ScanRow> claimed = database.inTransaction(c -> scans.claim(c, id, worker, now,
                    now + lease.toMillis()) ? scans.find(c, id) : Optional.<ScanRow>empty());
            if (claimed.isPresent()) {
                return claimed;
            }
        }
        return Optional.empty();
    }

    /** Renews until the workers have stopped: a scan finishing in the shutdown grace keeps its lease. */
    private void renewLeases() {
        while (renewing) {
            try {
                Thread.sleep(Math.max(50, lease.toMillis() / 3));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            for (var entry : held.entrySet()) {
                UUID id = entry.getKey();
                Guard.run(LOG, "renewing the lease of scan " + id, () -> database.run(c ->
                        scans.renewLease(c, id, entry.getValue(), clock.millis() + lease.toMillis())));
            }
        }
    }

    /** Number of scans this node is running now. */
    public int busy() {
        return held.size();
    }

    /**
     * Stops claiming, lets running scans finish for up to {@code grace}, then gives the scans still running
     * back to the queue, where another node (or this one after a restart) takes them at once.
     */
    public void stop(Duration grace) {
        running = false;
        workers.stopReplacing();
        queue.wake();
        workers.join(System.nanoTime() + grace.toNanos());
        stopRenewing();
        held.forEach((id, worker) -> {
            LOG.info("releasing scan {} still running at shutdown", id);
            database.run(c -> scans.release(c, id, worker));
        });
    }

    /** The renewal thread sleeps a third of the lease between rounds: wake it rather than wait for it. */
    private void stopRenewing() {
        renewing = false;
        renewal.stopReplacing();
        renewal.interrupt();
        renewal.join(System.nanoTime() + Duration.ofSeconds(1).toNanos());
    }

    @Override
    public void close() {
        stop(Duration.ofSeconds(30));
    }

    private static void sleepQuietly() {
        try {
            Thread.sleep(IDLE_POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
