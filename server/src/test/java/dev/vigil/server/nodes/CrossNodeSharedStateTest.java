package dev.vigil.server.nodes;

import dev.vigil.client.VigilApiException;
import dev.vigil.client.VigilClient;
import dev.vigil.model.CreatedApiKey;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.Role;
import dev.vigil.model.StatusChange;
import dev.vigil.model.SubscriptionChange;
import dev.vigil.model.SubscriptionStatus;
import dev.vigil.model.TriageAction;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.store.Dialect;
import dev.vigil.server.store.FindingRepository;
import dev.vigil.server.store.HistoryRepository;
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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;

import static dev.vigil.server.nodes.NodesOnOneDatabase.submission;
import static dev.vigil.server.nodes.NodesOnOneDatabase.together;
import static dev.vigil.server.testing.Eventually.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What two nodes keep in their one PostgreSQL database holds on both under concurrency (docs/adr/0005, 0008):
 * the rate limit, an idempotency key, an acceptance's expiry, a revoked key and a canceled subscription; and
 * readiness follows the database.
 */
@Tag("postgresql")
class CrossNodeSharedStateTest {

    private static final MutableClock CLOCK = MutableClock.startingNow();

    private NodesOnOneDatabase nodes;
    private PostgresDatabase database;

    @BeforeEach
    void createDatabase() {
        nodes = new NodesOnOneDatabase(CLOCK);
        database = nodes.database();
    }

    @AfterEach
    void stopNodes() {
        nodes.close();
    }

    private TestServer node(int workers) {
        return nodes.node(workers, UnaryOperator.identity());
    }

    private TestServer node(int workers, UnaryOperator<ServerSettings> more) {
        return nodes.node(workers, more);
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
