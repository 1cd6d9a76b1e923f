package dev.vigil.server.nodes;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.SystemClient;
import dev.vigil.client.VigilApiException;
import dev.vigil.client.VigilClient;
import dev.vigil.model.CreatedTenant;
import dev.vigil.model.NewProject;
import dev.vigil.model.NewTenant;
import dev.vigil.model.Plan;
import dev.vigil.model.ScanType;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.GitHubTokens;
import dev.vigil.server.testing.PostgresDatabase;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Three {@code vigil serve} processes on one PostgreSQL database; 200 scans are submitted across them while
 * one node is killed with SIGKILL in the middle of scans and started again. Every scan completes once, no
 * finding is lost or duplicated, and every submission either succeeded or was retried by the client with
 * its Idempotency-Key.
 */
@Tag("postgresql")
class FailoverTest {

    private static final int NODES = 3;
    private static final int TENANTS = 5;             // 40 scans each: under the 50-per-hour limit of a tenant
    private static final int SCANS_PER_TENANT = 40;
    private static final int SECRETS_PER_SCAN = 3;
    private static final String FILLER = filler();

    private record Job(int n, String apiKey, UUID projectId, UUID key) {
    }

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void everyScanCompletesOnceWhileANodeIsKilledMidScanAndRestarted() throws Exception {
        Path dir = Files.createTempDirectory("vigil-failover");
        AtomicReferenceArray<NodeProcess> nodes = new AtomicReferenceArray<>(NODES);
        try (PostgresDatabase database = PostgresDatabase.create()) {
            long started = System.nanoTime();
            String token = "failover-" + UUID.randomUUID();
            nodes.set(0, start(database, dir, 0, token));
            for (int i = 1; i < NODES; i++) {
                nodes.set(i, start(database, dir, i, token));
            }
            List<Job> jobs = createJobs(nodes.get(0).uri(), token);
            long ready = System.nanoTime();
            AtomicInteger retries = new AtomicInteger();
            Map<Integer, UUID> accepted = new ConcurrentHashMap<>();
            List<Future<?>> submitters = new ArrayList<>();
            try (ExecutorService pool = Executors.newFixedThreadPool(6)) {
                for (Job job : jobs) {
                    submitters.add(pool.submit(() -> accepted.put(job.n(), submitWithRetries(job, nodes, retries))));
                }
                int killed = killMidScanAndRestart(database, nodes, 1, dir, token);

                for (Future<?> submitter : submitters) {
                    submitter.get();
                }
                awaitAllFinished(database, jobs.size());

                assertThat(killed).as("scans the SIGKILL cut off in the middle").isPositive();
                assertThat(accepted).as("every submission succeeded, at once or retried").hasSize(jobs.size());
                assertThat(new HashSet<>(accepted.values())).as("distinct scans").hasSize(jobs.size());
                assertStoreRecordsEachScanOnce(database, Set.copyOf(accepted.values()));
                System.out.printf("failover: %d scans, %d cut off by SIGKILL, %d client retries; nodes and "
                        + "tenants ready in %d s, scans done %d s later%n", jobs.size(), killed, retries.get(),
                        (ready - started) / 1_000_000_000, (System.nanoTime() - ready) / 1_000_000_000);
            }
        } finally {
            for (int i = 0; i < NODES; i++) {
                NodeProcess node = nodes.get(i);
                if (node != null) {
                    node.stop(20);
                }
            }
        }
    }

    private static NodeProcess start(PostgresDatabase database, Path dir, int index, String token) throws Exception {
        Path dataDir = Files.createDirectories(dir.resolve("node-" + index));
        return NodeProcess.serve(List.of("--port", "0", "--data-dir", dataDir.toString(), "--db-url", database.url(),
                        "--workers", "2", "--lease", "PT3S", "--shutdown-grace", "PT5S"),
                Map.of("VIGIL_DB_USER", PostgresDatabase.user(), "VIGIL_DB_PASSWORD", PostgresDatabase.password(),
                        "VIGIL_SYSTEM_TOKEN", token),
                dataDir.resolve("node.log"));
    }

    /** Tenants (the limit is per tenant), one project per scan, and each scan's own Idempotency-Key. */
    private static List<Job> createJobs(URI first, String token) {
        SystemClient system = SystemClient.of(first, token);
        List<Job> jobs = new ArrayList<>();
        for (int t = 0; t < TENANTS; t++) {
            CreatedTenant tenant = system.createTenant(new NewTenant("failover-" + t, "owner@example.com", Plan.TEAM));
            VigilClient owner = VigilClient.of(first, tenant.apiKey());
            for (int s = 0; s < SCANS_PER_TENANT; s++) {
                UUID project = owner.createProject(new NewProject("p-" + t + "-" + s, "main")).id();
                jobs.add(new Job(t * SCANS_PER_TENANT + s, tenant.apiKey(), project, UUID.randomUUID()));
            }
        }
        return jobs;
    }

    /**
     * Submits on node {@code n % NODES}; a connection failure, a 5xx or a key still in progress sends the same
     * request (same Idempotency-Key) to the next node.
     */
    private static UUID submitWithRetries(Job job, AtomicReferenceArray<NodeProcess> nodes, AtomicInteger retries)
            throws InterruptedException {
        ScanSubmission submission = ScanSubmission.of(ScanArchive.of(archive(job.n())), job.projectId(), "main",
                String.format("%040x", job.n()), ScanType.SECRETS);
        for (int attempt = 0; attempt < 40; attempt++) {
            NodeProcess node = nodes.get((job.n() + attempt) % NODES);
            try (VigilClient client = VigilClient.of(node.uri(), job.apiKey())) {
                return client.submitScan(submission, job.key()).id();
            } catch (UncheckedIOException e) {
                retries.incrementAndGet();
            } catch (VigilApiException e) {
                if (e.status() < 500 && !"IDEMPOTENCY_IN_PROGRESS".equals(e.code())) {
                    throw e;
                }
                retries.incrementAndGet();
            }
            Thread.sleep(200);
        }
        throw new AssertionError("submission " + job.n() + " never succeeded");
    }

    /**
     * Waits until the node has scans running, kills it with SIGKILL and starts it again; returns the scans cut
     * off. A scan may end in the instant between the look and the kill: then the restarted node is killed
     * again once it runs scans (at most three times).
     */
    private static int killMidScanAndRestart(PostgresDatabase database, AtomicReferenceArray<NodeProcess> nodes,
                                             int victim, Path dir, String token) throws Exception {
        for (int kill = 0; kill < 3; kill++) {
            NodeProcess node = nodes.get(victim);
            String workers = node.pid() + "@%";
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (count(database, "SELECT COUNT(*) FROM scans WHERE status = 'completed'") < 30 || count(database,
                    "SELECT COUNT(*) FROM scans WHERE status = 'running' AND worker_id LIKE ?", workers) == 0) {
                assertThat(System.nanoTime()).as("the node never ran a scan").isLessThan(deadline);
                Thread.sleep(10);
            }
            node.kill();
            int cutOff = (int) count(database,
                    "SELECT COUNT(*) FROM scans WHERE status = 'running' AND worker_id LIKE ?", workers);
            nodes.set(victim, start(database, dir, victim, token));
            if (cutOff > 0) {
                return cutOff;
            }
        }
        return 0;
    }

    private static void awaitAllFinished(PostgresDatabase database, int total) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (count(database, "SELECT COUNT(*) FROM scans WHERE status IN ('completed', 'failed')") < total) {
            assertThat(System.nanoTime()).as("all scans finished in time").isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    private static void assertStoreRecordsEachScanOnce(PostgresDatabase database, Set<UUID> scanIds) throws SQLException {
        try (Connection c = database.connect()) {
            Map<UUID, List<Object>> scans = new LinkedHashMap<>();
            try (ResultSet row = c.createStatement().executeQuery("""
                    SELECT id, status, attempts, critical_count + high_count + medium_count + low_count + info_count,
                           (SELECT COUNT(*) FROM findings f WHERE f.project_id = s.project_id),
                           (SELECT COUNT(DISTINCT f.fingerprint) FROM findings f WHERE f.project_id = s.project_id),
                           (SELECT COUNT(*) FROM finding_history h JOIN findings f ON f.id = h.finding_id
                             WHERE f.project_id = s.project_id AND h.action = 'detected')
                    FROM scans s
                    """)) {
                while (row.next()) {
                    scans.put(row.getObject(1, UUID.class), List.of(row.getString(2), row.getInt(3), row.getInt(4),
                            row.getInt(5), row.getInt(6), row.getInt(7)));
                }
            }
            assertThat(scans.keySet()).as("no scan created twice by a retried submission").isEqualTo(scanIds);
            assertThat(scans).allSatisfy((id, s) -> {
                assertThat(s.get(0)).as("status of %s", id).isEqualTo("completed");
                assertThat((int) s.get(1)).as("attempts of %s", id).isBetween(1, 2);
                assertThat(s.subList(2, 6)).as("scan count, findings, fingerprints, detections of %s", id)
                        .containsOnly(SECRETS_PER_SCAN);
            });
            assertThat(count(c, "SELECT COUNT(*) FROM scan_archives", null)).as("archives left").isZero();
        }
    }

    private static long count(PostgresDatabase database, String sql) throws SQLException {
        return count(database, sql, null);
    }

    private static long count(PostgresDatabase database, String sql, String parameter) throws SQLException {
        try (Connection c = database.connect()) {
            return count(c, sql, parameter);
        }
    }

    private static long count(Connection c, String sql, String parameter) throws SQLException {
        try (PreparedStatement statement = c.prepareStatement(sql)) {
            if (parameter != null) {
                statement.setString(1, parameter);
            }
            try (ResultSet row = statement.executeQuery()) {
                row.next();
                return row.getLong(1);
            }
        }
    }

    /** Three planted GitHub tokens of its own and half a megabyte of credential-like lines without a secret. */
    private static byte[] archive(int n) {
        Random random = new Random(n);
        StringBuilder secrets = new StringBuilder();
        for (int i = 0; i < SECRETS_PER_SCAN; i++) {
            secrets.append("token_").append(i).append(" = \"").append(GitHubTokens.random(random)).append("\"\n");
        }
        Map<String, String> files = new LinkedHashMap<>();
        files.put("config/settings.py", secrets.toString());
        for (int f = 0; f < 4; f++) {
            files.put("src/module" + f + ".py", FILLER);
        }
        return Archives.tarGz(files);
    }

    private static String filler() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; text.length() < 128 * 1024; i++) {
            text.append("password = os.getenv(\"DB_PASSWORD_").append(i).append("\")  # api key token secret ")
                    .append(Integer.toHexString(i * 7919)).append('\n');
        }
        return text.toString();
    }
}
