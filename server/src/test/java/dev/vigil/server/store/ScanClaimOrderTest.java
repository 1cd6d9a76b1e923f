package dev.vigil.server.store;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanType;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.MutableClock;
import dev.vigil.server.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The order in which workers claim queued scans ({@link ScanRepository#next}): the tenant with the fewest
 * running scans, then the one waiting longest (since its oldest queued scan or its last claim), then its
 * oldest scan. Scans are queued over HTTP on a node without workers; the test claims them itself.
 */
class ScanClaimOrderTest {

    private static final byte[] ARCHIVE = Archives.tarGz(Map.of("notes.txt", "nothing secret here\n"));

    private final MutableClock clock = MutableClock.startingNow();
    private final ScanRepository scans = new ScanRepository();
    private TestServer server;
    private Database database;
    private int submitted;

    @BeforeEach
    void start() {
        server = TestServer.start(s -> s.withWorkers(0).withClock(clock));
        database = server.server().database();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** A tenant with a project, to queue scans in. */
    private Queue tenant() {
        TestServer.Tenant tenant = server.tenant();
        return new Queue(tenant, tenant.owner().createProject(new NewProject("queue", "main")));
    }

    private record Queue(TestServer.Tenant tenant, Project project) {
    }

    /** Queues a scan a second after the last event. */
    private UUID submit(Queue queue) {
        clock.advance(Duration.ofSeconds(1));
        return queue.tenant().owner().submitScan(ScanSubmission.of(ScanArchive.of(ARCHIVE), queue.project().id(),
                "main", String.format("%040x", submitted++), ScanType.SECRETS)).id();
    }

    private Optional<UUID> next() {
        return database.inTransaction(scans::next);
    }

    /** Claims the next scan a second after the last event. */
    private UUID claimNext() {
        clock.advance(Duration.ofSeconds(1));
        UUID id = next().orElseThrow();
        long now = clock.millis();
        boolean claimed = database.inTransaction(c -> scans.claim(c, id, "worker", now, now + 60_000));
        assertThat(claimed).as("claimed %s", id).isTrue();
        return id;
    }

    private void finish(UUID scan) {
        clock.advance(Duration.ofSeconds(1));
        boolean failed = database.inTransaction(c -> scans.fail(c, scan, "worker", clock.millis(), "[]"));
        assertThat(failed).as("finished %s", scan).isTrue();
    }

    @Test
    void aTenantsOwnScansAreClaimedOldestFirst() {
        Queue tenant = tenant();
        List<UUID> queued = List.of(submit(tenant), submit(tenant), submit(tenant));

        List<UUID> claimed = List.of(claimNext(), claimNext(), claimNext());

        assertThat(claimed).isEqualTo(queued);
        assertThat(next()).isEmpty();
    }

    @Test
    void amongTenantsWithNothingRunningTheOneWaitingLongestGoesFirst() {
        Queue early = tenant();
        Queue late = tenant();
        UUID first = submit(early);
        submit(late);

        assertThat(next()).contains(first);
    }

    @Test
    void aTenantWithFewerRunningScansGoesBeforeOneWaitingLonger() {
        Queue busy = tenant();
        Queue idle = tenant();
        UUID running = submit(busy);
        assertThat(claimNext()).isEqualTo(running);
        submit(busy);
        UUID idleScan = submit(idle);

        assertThat(next()).contains(idleScan);
    }

    @Test
    void aTenantJustServedWaitsBehindTheTenantsThatQueuedBeforeItsClaim() {
        Queue backlog = tenant();
        Queue other = tenant();
        UUID served = submit(backlog);
        submit(backlog);
        UUID waiting = submit(other);
        assertThat(claimNext()).isEqualTo(served);

        finish(served);

        assertThat(next()).contains(waiting);
    }

    @Test
    void tenantsWithBacklogsTakeTurns() {
        Queue a = tenant();
        Queue b = tenant();
        Queue c = tenant();
        List<UUID> aScans = List.of(submit(a), submit(a), submit(a));
        List<UUID> bScans = List.of(submit(b), submit(b), submit(b));
        UUID cScan = submit(c);

        List<UUID> claimed = new ArrayList<>();
        while (next().isPresent()) {
            UUID scan = claimNext();
            claimed.add(scan);
            finish(scan);
        }

        assertThat(claimed).containsExactly(aScans.get(0), bScans.get(0), cScan, aScans.get(1), bScans.get(1),
                aScans.get(2), bScans.get(2));
    }

    @Test
    void racingWorkersClaimEachScanOnce() throws Exception {
        List<UUID> queued = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            Queue tenant = tenant();
            for (int i = 0; i < 8; i++) {
                queued.add(submit(tenant));
            }
        }
        Map<UUID, String> winners = new ConcurrentHashMap<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Future<?>> workers = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int w = 0; w < 6; w++) {
                String worker = "worker-" + w;
                workers.add(pool.submit(() -> {
                    start.await();
                    for (var next = next(); next.isPresent(); next = next()) {
                        UUID id = next.get();
                        long now = clock.millis();
                        if (database.inTransaction(c -> scans.claim(c, id, worker, now, now + 60_000))) {
                            winners.merge(id, worker, (x, y) -> x + "," + y);
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> worker : workers) {
                worker.get();
            }
        }

        assertThat(winners.keySet()).containsExactlyInAnyOrderElementsOf(queued);
        assertThat(winners).allSatisfy((id, worker) -> assertThat(worker).doesNotContain(","));
    }
}
