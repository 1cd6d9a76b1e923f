package dev.vigil.server.nodes;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilApiException;
import dev.vigil.client.VigilClient;
import dev.vigil.model.CreatedApiKey;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.Role;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.model.StatusChange;
import dev.vigil.model.SubscriptionChange;
import dev.vigil.model.SubscriptionStatus;
import dev.vigil.model.TriageAction;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.store.Dialect;
import dev.vigil.server.store.FindingRepository;
import dev.vigil.server.store.HistoryRepository;
import dev.vigil.server.store.ScanRepository;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.MutableClock;
import dev.vigil.server.testing.PostgresDatabase;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.triage.AcceptanceExpiry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

import static dev.vigil.server.testing.Eventually.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two nodes in one JVM over one fresh PostgreSQL database, as behind a load balancer: what must hold across
 * nodes (docs/adr/0005, 0007, 0008) holds under concurrency.
 */
@Tag("postgresql")
class CrossNodeTest {

    private static final MutableClock CLOCK = MutableClock.startingNow();
    private static final byte[] ARCHIVE = Archives.tarGz(Map.of("notes.txt", "nothing secret here\n"));

    private PostgresDatabase database;
    private final List<TestServer> nodes = new ArrayList<>();

    @BeforeEach
    void createDatabase() {
        database = PostgresDatabase.create();
    }

    @AfterEach
    void stopNodes() {
        nodes.forEach(TestServer::close);
        database.close();
    }

    private TestServer node(int workers) {
        return node(workers, UnaryOperator.identity());
    }

    private TestServer node(int workers, UnaryOperator<ServerSettings> more) {
        TestServer node = TestServer.onPostgres(database, s -> more.apply(s.withWorkers(workers).withClock(CLOCK)));
        nodes.add(node);
        return node;
    }

    private static ScanSubmission submission(Project project, int n) {
        return ScanSubmission.of(ScanArchive.of(ARCHIVE), project.id(), "main", String.format("%040x", n),
                ScanType.SECRETS);
    }

    /** Runs every task at the same instant on its own thread and returns their results in order. */
    private static <T> List<T> together(List<Callable<T>> tasks) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        List<Future<T>> futures = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Callable<T> task : tasks) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return task.call();
                }));
            }
            start.countDown();
            List<T> results = new ArrayList<>();
            for (Future<T> future : futures) {
                results.add(future.get());
            }
            return results;
        }
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

    @Test
    void rateLimitIsExactAcrossNodesUnderConcurrency() throws Exception {
        // 32 uploads at once on each node: past the 16 a tenant may send one node at once, which would
        // answer 503 before the rate limit is reached; this test is about the rate limit
        UnaryOperator<ServerSettings> roomForAll = s -> s.withUploads(s.uploads().withReceiving(64, 64));
        TestServer a = node(0, roomForAll);
        TestServer b = node(0, roomForAll);
        var tenant = a.tenant();
        Project project = tenant.owner().createProject(new NewProject("limited", "main"));
        List<Callable<Integer>> submissions = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            VigilClient client = i % 2 == 0 ? tenant.owner() : tenant.ownerOn(b);
            int n = i;
            submissions.add(() -> {
                try {
                    client.submitScan(submission(project, n));
                    return 201;
                } catch (VigilApiException e) {
                    return e.status();
                }
            });
        }

        List<Integer> statuses = together(submissions);

        assertThat(statuses).filteredOn(s -> s == 201).hasSize(50);
        assertThat(statuses).filteredOn(s -> s == 429).hasSize(14);
        assertThat(count(a, "SELECT COUNT(*) FROM scans WHERE project_id = ?", project.id())).isEqualTo(50);
    }

    @Test
    void oneIdempotencyKeySentToBothNodesAtOnceCreatesOneScan() throws Exception {
        TestServer a = node(0);
        TestServer b = node(0);
        var tenant = a.tenant();
        Project project = tenant.owner().createProject(new NewProject("idempotent", "main"));
        UUID key = UUID.randomUUID();
        List<Callable<UUID>> requests = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            VigilClient client = i % 2 == 0 ? tenant.owner() : tenant.ownerOn(b);
            requests.add(() -> client.submitScan(submission(project, 7), key).id());
        }

        Set<UUID> created = new HashSet<>(together(requests));

        assertThat(created).hasSize(1);
        assertThat(count(a, "SELECT COUNT(*) FROM scans WHERE project_id = ?", project.id())).isEqualTo(1);
        assertThat(count(a, "SELECT COUNT(*) FROM scan_submissions WHERE tenant_id = ?", tenant.id())).isEqualTo(1);
    }

    @Test
    void anExpiredAcceptanceIsReopenedOnceWhenEveryNodeRunsTheExpiry() throws Exception {
        TestServer a = node(0);
        TestServer b = node(0);
        var tenant = a.tenant();
        VigilClient admin = tenant.userWith(Role.ADMIN);
        Project project = tenant.owner().createProject(new NewProject("accepted", "main"));
        new FindingSeeder(a.server().database(), 11).seed(tenant.id(), project.id(), 30, CLOCK.millis());
        List<UUID> accepted = tenant.owner().findings().all(FindingFilter.none()).map(Finding::id).limit(20).toList();
        LocalDate tomorrow = LocalDate.ofInstant(CLOCK.instant(), ZoneOffset.UTC).plusDays(1);
        for (UUID id : accepted) {
            admin.changeStatus(id, new StatusChange(TriageAction.ACCEPT, "until the fix ships", tomorrow));
        }
        List<Callable<Integer>> expiries = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            TestServer node = i % 2 == 0 ? a : b;
            expiries.add(() -> new AcceptanceExpiry(node.server().database(),
                    new FindingRepository(Dialect.POSTGRESQL), new HistoryRepository(), CLOCK).reopenExpired());
        }
        CLOCK.advance(Duration.ofDays(2));
        try {
            List<Integer> reopened = together(expiries);

            assertThat(reopened.stream().mapToInt(Integer::intValue).sum()).isEqualTo(20);
            for (UUID id : accepted) {
                assertThat(count(a, "SELECT COUNT(*) FROM finding_history WHERE finding_id = ? "
                        + "AND action = 'acceptance_expired'", id)).as("expiry entries of %s", id).isEqualTo(1);
            }
            assertThat(count(a, "SELECT COUNT(*) FROM findings WHERE project_id = ? AND status = 'accepted'",
                    project.id())).isZero();
        } finally {
            CLOCK.advance(Duration.ofDays(-2));
        }
    }

    @Test
    void readinessIsDownWhileTheDatabaseRefusesConnectionsAndUpAgainAfterwards() throws Exception {
        TestServer a = node(0);
        var client = a.tenant().owner();
        assertThat(client.send("GET", "/health/ready", Map.of(), null).status()).isEqualTo(200);

        PostgresDatabase.execute("ALTER DATABASE " + database.name() + " WITH ALLOW_CONNECTIONS false");
        PostgresDatabase.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '"
                + database.name() + "'");
        try {
            var down = client.send("GET", "/health/ready", Map.of(), null);
            assertThat(down.status()).isEqualTo(503);
            assertThat(new String(down.body(), StandardCharsets.UTF_8))
                    .contains("\"database\":\"DOWN\"");
            assertThat(client.send("GET", "/health/live", Map.of(), null).status()).isEqualTo(200);
        } finally {
            PostgresDatabase.execute("ALTER DATABASE " + database.name() + " WITH ALLOW_CONNECTIONS true");
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (client.send("GET", "/health/ready", Map.of(), null).status() != 200) {
            assertThat(System.nanoTime()).as("ready again").isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    @Test
    void aKeyRevokedOnOneNodeIsRefusedByTheOther() throws Exception {
        TestServer a = node(0);
        TestServer b = node(0);
        var tenant = a.tenant();
        CreatedApiKey key = tenant.owner().createApiKey(new NewApiKey("ci", LocalDate.now().plusDays(30).toString(),
                tenant.ownerId()));
        VigilClient onB = b.client(key.key());
        // node B has read the key, and keeps its owner once it listens (KeyOwnersPostgresTest checks the keeping)
        assertThat(onB.listProjects(null, null).data()).isEmpty();

        tenant.owner().revokeApiKey(key.id());

        assertThat(eventuallyRefused(onB, "the revoked key refused on node B")).isEqualTo(401);
    }

    @Test
    void aSubscriptionCanceledOnOneNodeIsRefusedByTheOther() throws Exception {
        TestServer a = node(0);
        TestServer b = node(0);
        var tenant = a.tenant();
        VigilClient onB = tenant.ownerOn(b);
        assertThat(onB.listProjects(null, null).data()).isEmpty();

        a.system().setSubscription(tenant.id(), new SubscriptionChange(null, SubscriptionStatus.CANCELED));

        assertThat(eventuallyRefused(onB, "the canceled tenant refused on node B")).isEqualTo(402);
    }

    /** The status that refuses {@code client}'s next project list, asked again until one does. */
    private static int eventuallyRefused(VigilClient client, String what) throws InterruptedException {
        return eventually(() -> projectListStatus(client), status -> status != 200, what);
    }

    private static int projectListStatus(VigilClient client) {
        try {
            client.listProjects(null, null);
            return 200;
        } catch (VigilApiException refused) {
            return refused.status();
        }
    }

    private static long count(TestServer node, String sql, UUID parameter) {
        return node.server().database().inTransaction((Connection c) -> {
            try (var statement = c.prepareStatement(sql)) {
                statement.setObject(1, parameter);
                try (ResultSet row = statement.executeQuery()) {
                    row.next();
                    return row.getLong(1);
                }
            }
        });
    }
}
