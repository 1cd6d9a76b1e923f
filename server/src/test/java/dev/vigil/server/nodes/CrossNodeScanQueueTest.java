package dev.vigil.server.nodes;

import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanStatus;
import dev.vigil.server.store.Dialect;
import dev.vigil.server.store.ScanRepository;
import dev.vigil.server.testing.MutableClock;
import dev.vigil.server.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

import static dev.vigil.server.nodes.NodesOnOneDatabase.submission;
import static dev.vigil.server.nodes.NodesOnOneDatabase.together;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scan queue shared by two nodes over one PostgreSQL database (docs/adr/0005): each scan is claimed once
 * when both race for it, claims take turns across tenants, and the workers of both process each scan once.
 */
@Tag("postgresql")
class CrossNodeScanQueueTest {

    private static final MutableClock CLOCK = MutableClock.startingNow();

    private NodesOnOneDatabase nodes;

    @BeforeEach
    void createDatabase() {
        nodes = new NodesOnOneDatabase(CLOCK);
    }

    @AfterEach
    void stopNodes() {
        nodes.close();
    }

    private TestServer node(int workers) {
        return nodes.node(workers, UnaryOperator.identity());
    }

    @Test
    void bothNodesRunOverPostgresql() {
        TestServer a = node(0);

        assertThat(a.server().database().dialect()).isEqualTo(Dialect.POSTGRESQL);
    }

    @Test
    void everyScanIsClaimedExactlyOnceWhenBothNodesRaceForIt() throws Exception {
        TestServer a = node(0);
        TestServer b = node(0);
        var tenant = a.tenant();
        Project project = tenant.owner().createProject(new NewProject("race", "main"));
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            ids.add((i % 2 == 0 ? tenant.owner() : tenant.ownerOn(b)).submitScan(submission(project, i)).id());
        }
        ScanRepository scans = new ScanRepository();
        Map<UUID, String> winners = new ConcurrentHashMap<>();
        AtomicInteger claims = new AtomicInteger();
        List<Callable<Void>> racers = new ArrayList<>();
        for (int r = 0; r < 8; r++) {
            TestServer node = r % 2 == 0 ? a : b;
            String worker = "racer-" + r;
            racers.add(() -> {
                for (UUID id : ids) {
                    long now = System.currentTimeMillis();
                    if (node.server().database().inTransaction(c -> scans.claim(c, id, worker, now, now + 60_000))) {
                        claims.incrementAndGet();
                        winners.merge(id, worker, (x, y) -> x + "," + y);
                    }
                }
                return null;
            });
        }

        together(racers);

        assertThat(claims).hasValue(40);
        assertThat(winners).hasSize(40).allSatisfy((id, worker) -> assertThat(worker).doesNotContain(","));
    }

    @Test
    void workersOnBothNodesClaimEveryScanOnceWhileTakingTurnsAcrossTenants() throws Exception {
        TestServer a = node(0);
        TestServer b = node(0);
        Map<UUID, UUID> tenantOf = new ConcurrentHashMap<>();
        for (int t = 0; t < 3; t++) {
            var tenant = a.tenant();
            Project project = tenant.owner().createProject(new NewProject("turns", "main"));
            for (int i = 0; i < 10; i++) {
                tenantOf.put((i % 2 == 0 ? tenant.owner() : tenant.ownerOn(b)).submitScan(submission(project, i)).id(),
                        tenant.id());
            }
        }
        ScanRepository scans = new ScanRepository();
        Map<UUID, String> winners = new ConcurrentHashMap<>();
        List<Callable<Void>> workers = new ArrayList<>();
        for (int w = 0; w < 8; w++) {
            var database = (w % 2 == 0 ? a : b).server().database();
            String worker = "worker-" + w;
            workers.add(() -> {
                for (var next = database.inTransaction(scans::next); next.isPresent();
                     next = database.inTransaction(scans::next)) {
                    UUID id = next.get();
                    long now = System.currentTimeMillis();
                    if (database.inTransaction(c -> scans.claim(c, id, worker, now, now + 60_000))) {
                        winners.merge(id, worker, (x, y) -> x + "," + y);
                    }
                }
                return null;
            });
        }

        together(workers);

        assertThat(winners.keySet()).isEqualTo(tenantOf.keySet());
        assertThat(winners).allSatisfy((id, worker) -> assertThat(worker).doesNotContain(","));
    }

    @Test
    void claimsOnEitherNodeTakeTurnsAcrossTenants() {
        TestServer a = node(0);
        TestServer b = node(0);
        var busy = a.tenant();
        var other = b.tenant();
        Project backlog = busy.owner().createProject(new NewProject("backlog", "main"));
        Project single = other.owner().createProject(new NewProject("single", "main"));
        List<UUID> expected = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            CLOCK.advance(Duration.ofSeconds(1));
            expected.add(busy.owner().submitScan(submission(backlog, i)).id());
        }
        CLOCK.advance(Duration.ofSeconds(1));
        expected.add(1, other.ownerOn(b).submitScan(submission(single, 3)).id());
        ScanRepository scans = new ScanRepository();

        List<UUID> claimed = new ArrayList<>();
        for (int turn = 0; turn < expected.size(); turn++) {
            var database = (turn % 2 == 0 ? a : b).server().database();
            CLOCK.advance(Duration.ofSeconds(1));
            long now = CLOCK.millis();
            UUID id = database.inTransaction(scans::next).orElseThrow();
            boolean won = database.inTransaction(c -> scans.claim(c, id, "worker", now, now + 60_000)
                    && scans.fail(c, id, "worker", now, "[]"));
            assertThat(won).as("claimed and finished %s", id).isTrue();
            claimed.add(id);
        }

        assertThat(claimed).isEqualTo(expected);
    }

    @Test
    void scansSubmittedOnBothNodesAreEachProcessedOnceByTheWorkersOfBoth() {
        TestServer a = node(2);
        TestServer b = node(2);
        var tenant = a.tenant();
        Project project = tenant.owner().createProject(new NewProject("shared-queue", "main"));
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            ids.add((i % 2 == 0 ? tenant.owner() : tenant.ownerOn(b)).submitScan(submission(project, i)).id());
        }

        for (UUID id : ids) {
            assertThat(tenant.owner().awaitScan(id, Duration.ofSeconds(60)).status()).isEqualTo(ScanStatus.COMPLETED);
        }

        Map<UUID, Integer> attempts = a.server().database().inTransaction(c -> {
            Map<UUID, Integer> byScan = new HashMap<>();
            try (var statement = c.prepareStatement("SELECT id, attempts FROM scans WHERE project_id = ?")) {
                statement.setObject(1, project.id());
                try (ResultSet row = statement.executeQuery()) {
                    while (row.next()) {
                        byScan.put(row.getObject(1, UUID.class), row.getInt(2));
                    }
                }
            }
            return byScan;
        });
        assertThat(attempts).hasSize(30).allSatisfy((id, n) -> assertThat(n).isEqualTo(1));
    }
}
