package dev.vigil.server.nodes;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.server.VigilServer;
import dev.vigil.server.access.KeyOwners;
import dev.vigil.server.store.ScanRepository;
import dev.vigil.server.store.ScanRow;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.PostgresDatabase;
import dev.vigil.server.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import static dev.vigil.server.testing.Eventually.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * API-only and worker-only nodes, and the graceful stop, over one database shared by two nodes (an in-memory
 * HSQLDB; in the PostgreSQL suite a fresh PostgreSQL database).
 */
class NodeRolesTest {

    private static final byte[] SMALL = Archives.tarGz(Map.of("a.txt", "nothing to see\n"));

    private final Optional<PostgresDatabase> postgres = PostgresDatabase.selected()
            ? Optional.of(PostgresDatabase.create()) : Optional.empty();
    private final String url = postgres.map(PostgresDatabase::url)
            .orElse("jdbc:hsqldb:mem:vigil-roles-" + UUID.randomUUID() + ";hsqldb.tx=mvcc");

    @AfterEach
    void dropDatabase() {
        postgres.ifPresent(PostgresDatabase::close);
    }

    private TestServer node(int workers, VigilServer.Role role, Duration grace) {
        return TestServer.start(s -> {
            var shared = s.withDatabase(url).withWorkers(workers).withShutdownGrace(grace);
            return postgres.isPresent() ? shared.withCredentials(PostgresDatabase.user(), PostgresDatabase.password())
                    : shared;
        }, role);
    }

    private static UUID submit(TestServer.Tenant tenant, byte[] archive) {
        Project project = tenant.owner().createProject(new NewProject("p-" + UUID.randomUUID(), "main"));
        return tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(archive), project.id(), "main",
                "e".repeat(40), ScanType.SECRETS)).id();
    }

    private static ScanRow row(TestServer node, UUID scanId) {
        return node.server().database().inTransaction(c -> new ScanRepository().find(c, scanId)).orElseThrow();
    }

    private static String workerOf(TestServer node, UUID scanId) {
        return node.server().database().inTransaction(c -> {
            try (var statement = c.prepareStatement("SELECT worker_id FROM scans WHERE id = ?")) {
                statement.setObject(1, scanId);
                try (var result = statement.executeQuery()) {
                    result.next();
                    return result.getString(1);
                }
            }
        });
    }

    /** About 4 MB of credential-like lines without a real secret: a scan of a second or more. */
    private static byte[] slowArchive() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; text.length() < 1 << 20; i++) {
            text.append("password = os.getenv(\"DB_PASSWORD_").append(i).append("\")  # api key token secret ")
                    .append(Integer.toHexString(i * 7919)).append('\n');
        }
        Map<String, String> files = new LinkedHashMap<>();
        for (int f = 0; f < 4; f++) {
            files.put("src/settings" + f + ".py", text.toString());
        }
        return Archives.tarGz(files);
    }

    private static UUID awaitRunning(TestServer node, UUID scanId) throws InterruptedException {
        while (row(node, scanId).status() != ScanStatus.RUNNING) {
            assertThat(row(node, scanId).status()).as("still queued or running").isNotEqualTo(ScanStatus.COMPLETED);
            Thread.sleep(5);
        }
        return scanId;
    }

    @Test
    void aWorkerNodeCompletesScansSubmittedToAnApiOnlyNodeAndServesOnlyHealth() throws InterruptedException {
        try (TestServer api = node(0, VigilServer.Role.API_AND_WORKERS, Duration.ofSeconds(5));
             TestServer worker = node(1, VigilServer.Role.WORKER, Duration.ofSeconds(5))) {
            var tenant = api.tenant();
            UUID scanId = submit(tenant, SMALL);

            assertThat(tenant.owner().awaitScan(scanId, Duration.ofSeconds(30)).status()).isEqualTo(ScanStatus.COMPLETED);
            assertThat(workerOf(api, scanId)).startsWith(worker.server().nodeId() + "/");
            var onWorker = tenant.ownerOn(worker);
            assertThat(onWorker.send("GET", "/health/ready", Map.of(), null).status()).isEqualTo(200);
            assertThat(onWorker.send("GET", "/metrics", Map.of(), null).status()).isEqualTo(200);
            assertThat(onWorker.send("GET", "/v1/scans/" + scanId, Map.of(), null).status()).isEqualTo(404);
            assertThat(onWorker.send("GET", "/system/tenants/" + tenant.id(), Map.of(), null).status()).isEqualTo(404);
            if (postgres.isPresent()) {
                int listeners = eventually(() -> postgres.get().connectionsNamed(KeyOwners.LISTENER_NAME),
                        n -> n > 0, "the API node listening for key changes");
                assertThat(listeners).as("the API node's listener; the worker has none").isEqualTo(1);
            }
        }
    }

    @Test
    void aGracefulStopTurnsReadinessDownAndLetsTheRunningScanFinish() throws Exception {
        try (TestServer reader = node(0, VigilServer.Role.API_AND_WORKERS, Duration.ofSeconds(5))) {
            TestServer stopping = node(1, VigilServer.Role.API_AND_WORKERS, Duration.ofSeconds(60));
            var tenant = reader.tenant();
            UUID scanId = awaitRunning(reader, submit(tenant, slowArchive()));
            var health = tenant.ownerOn(stopping);

            CompletableFuture<Void> stop = CompletableFuture.runAsync(stopping::close);
            int ready = 200;
            while (!stop.isDone() && ready == 200) {
                ready = health.send("GET", "/health/ready", Map.of(), null).status();
            }
            stop.get();

            assertThat(ready).as("readiness while the scan finishes").isEqualTo(503);
            ScanRow done = row(reader, scanId);
            assertThat(done.status()).isEqualTo(ScanStatus.COMPLETED);
            assertThat(done.attempts()).isEqualTo(1);
            assertThat(workerOf(reader, scanId)).startsWith(stopping.server().nodeId() + "/");
        }
    }

    @Test
    void aScanStillRunningWhenTheGraceEndsIsReleasedAndAnotherNodeCompletesIt() throws Exception {
        try (TestServer other = node(0, VigilServer.Role.API_AND_WORKERS, Duration.ofSeconds(5))) {
            TestServer stopping = node(1, VigilServer.Role.API_AND_WORKERS, Duration.ZERO);
            var tenant = other.tenant();
            UUID scanId = awaitRunning(other, submit(tenant, slowArchive()));

            stopping.close();

            ScanRow released = row(other, scanId);
            assertThat(released.status()).isEqualTo(ScanStatus.PENDING);
            assertThat(released.attempts()).as("a released attempt does not count").isZero();
            try (TestServer taker = node(1, VigilServer.Role.WORKER, Duration.ofSeconds(5))) {
                assertThat(tenant.owner().awaitScan(scanId, Duration.ofSeconds(60)).status())
                        .isEqualTo(ScanStatus.COMPLETED);
                assertThat(row(other, scanId).attempts()).isEqualTo(1);
                assertThat(workerOf(other, scanId)).startsWith(taker.server().nodeId() + "/");
            }
        }
    }
}
