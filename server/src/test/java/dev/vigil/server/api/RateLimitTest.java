package dev.vigil.server.api;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilApiException;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanType;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.http.RateLimit;
import dev.vigil.server.store.Sql;
import dev.vigil.server.store.SubmissionRepository;
import dev.vigil.server.store.TenantRepository;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.MutableClock;
import dev.vigil.server.testing.SetUpServer;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@VigilServerTest
class RateLimitTest {

    private static final MutableClock CLOCK = MutableClock.startingNow();
    private static final byte[] ARCHIVE = Archives.tarGz(Map.of("a.txt", "a"));
    private static TestServer server;

    @SetUpServer
    static ServerSettings settings(ServerSettings s) {
        return s.withWorkers(0).withClock(CLOCK);
    }

    private static ScanSubmission submission(Project project) {
        return ScanSubmission.of(ScanArchive.of(ARCHIVE), project.id(), "main", "d".repeat(40), ScanType.SECRETS);
    }

    @Test
    void fiftyScansAnHourThen429WithRetryAfter() {
        var tenant = server.tenant();
        Project project = tenant.owner().createProject(new NewProject("limited", "main"));
        for (int i = 1; i <= 50; i++) {
            var response = tenant.owner().submitScanWithHeaders(submission(project), UUID.randomUUID());
            assertThat(response.header("X-RateLimit-Limit")).hasValue("50");
            assertThat(response.header("X-RateLimit-Remaining")).hasValue(Integer.toString(50 - i));
            assertThat(response.header("X-RateLimit-Reset")).isPresent();
        }

        assertThatThrownBy(() -> tenant.owner().submitScan(submission(project)))
                .isInstanceOfSatisfying(VigilApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(429);
                    assertThat(e.code()).isEqualTo("RATE_LIMITED");
                    assertThat(e.retryAfter()).hasValueSatisfying(d -> assertThat(d).isPositive()
                            .isLessThanOrEqualTo(Duration.ofHours(1)));
                });
        CLOCK.advance(Duration.ofMinutes(61));
        assertThat(tenant.owner().submitScan(submission(project)).id()).isNotNull();
    }

    @Test
    void limitIsExactUnderConcurrency() throws Exception {
        var tenant = server.tenant();
        Project project = tenant.owner().createProject(new NewProject("racing", "main"));
        List<Future<Integer>> results = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(16)) {
            for (int i = 0; i < 70; i++) {
                results.add(pool.submit(() -> {
                    try {
                        tenant.owner().submitScan(submission(project));
                        return 201;
                    } catch (VigilApiException e) {
                        return e.status();
                    }
                }));
            }
        }
        List<Integer> statuses = new ArrayList<>();
        for (Future<Integer> result : results) {
            statuses.add(result.get());
        }
        assertThat(statuses.stream().filter(s -> s == 201)).hasSize(50);
        assertThat(statuses.stream().filter(s -> s == 429)).hasSize(20);
    }

    @Test
    void idempotentReplaysDoNotCount() {
        var tenant = server.tenant();
        Project project = tenant.owner().createProject(new NewProject("replays", "main"));
        UUID key = UUID.randomUUID();
        for (int i = 0; i < 5; i++) {
            tenant.owner().submitScan(submission(project), key);
        }

        var next = tenant.owner().submitScanWithHeaders(submission(project), UUID.randomUUID());

        assertThat(next.header("X-RateLimit-Remaining")).hasValue("48");
    }

    @Test
    void replayOfAnAcceptedSubmissionAtTheLimitGetsTheOriginalResponse() {
        var tenant = server.tenant();
        Project project = tenant.owner().createProject(new NewProject("replay-at-limit", "main"));
        UUID key = UUID.randomUUID();
        UUID first = tenant.owner().submitScan(submission(project), key).id();
        for (int i = 1; i < 50; i++) {
            tenant.owner().submitScan(submission(project));
        }

        var replay = tenant.owner().submitScanWithHeaders(submission(project), key);

        assertThat(replay.status()).isEqualTo(201);
        assertThat(replay.header("Idempotent-Replayed")).hasValue("true");
        assertThat(replay.body().id()).isEqualTo(first);
    }

    @Test
    void limitIsPerTenant() {
        var busy = server.tenant();
        var quiet = server.tenant();
        Project busyProject = busy.owner().createProject(new NewProject("busy", "main"));
        for (int i = 0; i < 50; i++) {
            busy.owner().submitScan(submission(busyProject));
        }

        Project quietProject = quiet.owner().createProject(new NewProject("quiet", "main"));

        assertThat(quiet.owner().submitScan(submission(quietProject)).id()).isNotNull();
    }

    @Test
    void housekeepingForgetsSubmissionsOutsideTheHour() {
        var tenant = server.tenant();
        Project project = tenant.owner().createProject(new NewProject("purged", "main"));
        tenant.owner().submitScan(submission(project));
        var database = server.server().database();
        var rateLimit = new RateLimit(database, new TenantRepository(),
                new SubmissionRepository(), CLOCK);
        String count = "SELECT COUNT(*) FROM scan_submissions WHERE tenant_id = ?";

        rateLimit.purgeExpired();
        long kept = database.inTransaction(c -> Sql.count(c, count, tenant.id()));
        CLOCK.advance(Duration.ofMinutes(61));
        rateLimit.purgeExpired();
        long purged = database.inTransaction(c -> Sql.count(c, count, tenant.id()));

        assertThat(kept).isEqualTo(1);
        assertThat(purged).isZero();
    }
}
