package dev.vigil.server.api;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanQuery;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilApiException;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanType;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.SetUpServer;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@VigilServerTest
class IdempotencyTest {

    private static final String COMMIT = "a".repeat(40);
    private static TestServer server;
    private static TestServer.Tenant tenant;
    private static Project project;

    @SetUpServer
    static ServerSettings settings(ServerSettings s) {
        return s.withWorkers(0);
    }

    @BeforeAll
    static void start() {
        project = tenant.owner().createProject(new NewProject("idem", "main"));
    }

    private static ScanSubmission submission(String content) {
        return ScanSubmission.of(ScanArchive.of(Archives.tarGz(Map.of("a.txt", content))), project.id(), "main", COMMIT,
                ScanType.SECRETS).withPrId(7);
    }

    private static long scansOfProject() {
        return tenant.owner().listScans(ScanQuery.all().withProject(project.id()).withLimit(100)).data().size();
    }

    @Test
    void replayReturnsTheOriginalResponseAndCreatesNothing() {
        UUID key = UUID.randomUUID();
        long before = scansOfProject();

        var first = tenant.owner().submitScanWithHeaders(submission("one"), key);
        var second = tenant.owner().submitScanWithHeaders(submission("one"), key);

        assertThat(first.status()).isEqualTo(201);
        assertThat(second.status()).isEqualTo(201);
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(second.header("Idempotent-Replayed")).hasValue("true");
        assertThat(first.header("Idempotent-Replayed")).isEmpty();
        assertThat(scansOfProject()).isEqualTo(before + 1);
    }

    @Test
    void sameKeyWithAnotherRequestIsRefused() {
        UUID key = UUID.randomUUID();
        tenant.owner().submitScan(submission("one"), key);

        assertThatThrownBy(() -> tenant.owner().submitScan(submission("two"), key))
                .isInstanceOfSatisfying(VigilApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(409);
                    assertThat(e.code()).isEqualTo("IDEMPOTENCY_KEY_REUSED");
                });
    }

    @Test
    void keyMustBeAUuidVersionFour() {
        for (String key : List.of("abc", "00000000-0000-1000-8000-000000000000")) {
            var response = tenant.owner().send("POST", "/v1/projects",
                    Map.of("Content-Type", "application/json", "Idempotency-Key", key), "{\"name\":\"k\"}".getBytes());
            assertThat(response.status()).as(key).isEqualTo(400);
            assertThat(response.error().error()).isEqualTo("VALIDATION_FAILED");
        }
    }

    @Test
    void projectCreationIsIdempotentToo() {
        UUID key = UUID.randomUUID();

        var first = tenant.owner().createProjectWithHeaders(new NewProject("idempotent-project", null), key);
        var again = tenant.owner().createProjectWithHeaders(new NewProject("idempotent-project", null), key);

        assertThat(again.body()).isEqualTo(first.body());
        assertThat(again.header("Idempotent-Replayed")).hasValue("true");
    }

    @Test
    void concurrentDuplicatesCreateOneScan() throws Exception {
        UUID key = UUID.randomUUID();
        long before = scansOfProject();
        int clients = 12;
        try (ExecutorService pool = Executors.newFixedThreadPool(clients)) {
            List<Callable<UUID>> calls = Collections.nCopies(clients,
                    () -> tenant.owner().submitScan(submission("same"), key).id());
            List<Future<UUID>> results = pool.invokeAll(calls);
            Set<UUID> ids = new HashSet<>();
            for (Future<UUID> result : results) {
                ids.add(result.get());
            }
            assertThat(ids).hasSize(1);
        }
        assertThat(scansOfProject()).isEqualTo(before + 1);
    }
}
