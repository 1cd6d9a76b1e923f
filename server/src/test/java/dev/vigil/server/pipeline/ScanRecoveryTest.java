package dev.vigil.server.pipeline;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.server.store.ArchiveRepository;
import dev.vigil.server.store.ScanRepository;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.TestServer;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** A scan whose worker died is taken again once its lease expires, at most three times. */
class ScanRecoveryTest {

    private static UUID submit(TestServer server, TestServer.Tenant tenant) {
        Project project = tenant.owner().createProject(new NewProject("recovery-" + UUID.randomUUID(), "main"));
        return tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(Map.of("a.txt", "x"))),
                project.id(), "main", "2".repeat(40), ScanType.SECRETS)).id();
    }

    /** Claims the scan as a worker that then dies: its lease has already run out. */
    private static void claimByDeadWorker(TestServer server, UUID scanId) {
        long now = System.currentTimeMillis();
        server.server().database().run(c -> assertThat(new ScanRepository().claim(c, scanId, "dead/0", now - 10_000,
                now - 1)).isTrue());
    }

    private static ScanRecovery recovery(TestServer server) {
        return new ScanRecovery(server.server().database(), new ScanRepository(), new ArchiveRepository(),
                new ScanQueue(), Clock.systemUTC());
    }

    @Test
    void scanOfADeadWorkerIsRetriedAndCompletes() {
        try (TestServer server = TestServer.start(s -> s.withWorkers(0))) {
            var tenant = server.tenant();
            UUID scanId = submit(server, tenant);
            claimByDeadWorker(server, scanId);
            assertThat(tenant.owner().getScan(scanId).status()).isEqualTo(ScanStatus.RUNNING);

            assertThat(recovery(server).recoverExpired()).isEqualTo(1);

            assertThat(tenant.owner().getScan(scanId).status()).isEqualTo(ScanStatus.PENDING);
        }
    }

    @Test
    void anotherNodeTakesOverAndCompletesTheScan() {
        String database = "jdbc:hsqldb:mem:vigil-takeover-" + UUID.randomUUID() + ";hsqldb.tx=mvcc";
        try (TestServer apiOnly = TestServer.start(s -> s.withWorkers(0).withDatabase(database))) {
            var tenant = apiOnly.tenant();
            UUID scanId = submit(apiOnly, tenant);
            claimByDeadWorker(apiOnly, scanId);

            try (TestServer worker = TestServer.start(s -> s.withWorkers(1).withDatabase(database)
                    .withLease(Duration.ofMillis(800)))) {
                ScanDetail done = tenant.owner().awaitScan(scanId, Duration.ofSeconds(30));

                assertThat(done.status()).isEqualTo(ScanStatus.COMPLETED);
                assertThat(worker.server().uri()).isNotEqualTo(apiOnly.server().uri());
            }
        }
    }

    @Test
    void scanFailsWithAWarningAfterThreeAttempts() {
        try (TestServer server = TestServer.start(s -> s.withWorkers(0))) {
            var tenant = server.tenant();
            UUID scanId = submit(server, tenant);
            for (int attempt = 1; attempt <= ScanRecovery.MAX_ATTEMPTS; attempt++) {
                claimByDeadWorker(server, scanId);
                recovery(server).recoverExpired();
            }

            ScanDetail failed = tenant.owner().getScan(scanId);

            assertThat(failed.status()).isEqualTo(ScanStatus.FAILED);
            assertThat(failed.completedAt()).isNotNull();
            assertThat(failed.scanWarnings()).singleElement().satisfies(w -> assertThat(w.code()).isEqualTo("WORKER_LOST"));
        }
    }

    @Test
    void scanReleasedOnShutdownGoesBackToTheQueueWithoutCountingTheAttempt() {
        try (TestServer server = TestServer.start(s -> s.withWorkers(0))) {
            var tenant = server.tenant();
            UUID scanId = submit(server, tenant);
            long now = System.currentTimeMillis();
            var scans = new ScanRepository();
            server.server().database().run(c -> scans.claim(c, scanId, "stopping/0", now, now + 60_000));

            boolean released = server.server().database().inTransaction(c -> scans.release(c, scanId, "stopping/0"));

            assertThat(released).isTrue();
            var row = server.server().database().inTransaction(c -> scans.find(c, scanId)).orElseThrow();
            assertThat(row.status()).isEqualTo(ScanStatus.PENDING);
            assertThat(row.attempts()).isZero();
        }
    }
}
