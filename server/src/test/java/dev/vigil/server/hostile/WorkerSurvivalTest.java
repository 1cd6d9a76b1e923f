package dev.vigil.server.hostile;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilClient;
import dev.vigil.model.Json;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.model.ScanWarning;
import dev.vigil.server.advisories.AdvisoryImporter;
import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.TestData;
import dev.vigil.server.testing.TestServer;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static dev.vigil.server.testing.Eventually.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/** Hostile input at the scan workers: no archive stops a node from scanning, and readiness tells the truth. */
class WorkerSurvivalTest {

    private static final Path LODASH_ADVISORY = TestData.advisory("ghsa/GHSA-jf85-cpcp-j695.json");

    /** lodash at "1" followed by ".1" 2,000 times: java.util.regex overflowed the stack on it. */
    private static String lockfileWithLongVersion() {
        return """
                {"name": "app", "lockfileVersion": 3, "packages": {
                  "": {"name": "app", "dependencies": {"lodash": "*"}},
                  "node_modules/lodash": {"version": "%s"}
                }}
                """.formatted("1" + ".1".repeat(2_000));
    }

    private static final String PLAIN_LOCKFILE = """
            {"name": "app", "lockfileVersion": 3, "packages": {
              "": {"name": "app", "dependencies": {"lodash": "*"}},
              "node_modules/lodash": {"version": "4.17.11"}
            }}
            """;

    @Test
    void shouldCompleteAScanOfATwoThousandComponentVersionAndRunTheNextScan() throws Exception {
        try (TestServer server = TestServer.start(s -> s.withWorkers(1))) {
            new AdvisoryImporter(server.server().database(), new AdvisoryRepository(), Clock.systemUTC())
                    .importPaths(List.of(LODASH_ADVISORY));
            var owner = server.tenant().owner();
            Project project = owner.createProject(new NewProject("hostile-lockfile", "main"));

            ScanDetail hostile = owner.awaitScan(submit(owner, project, lockfileWithLongVersion()), Duration.ofSeconds(30));
            ScanDetail next = owner.awaitScan(submit(owner, project, PLAIN_LOCKFILE), Duration.ofSeconds(30));

            assertThat(hostile.status()).isEqualTo(ScanStatus.COMPLETED);
            assertThat(hostile.scanWarnings()).extracting(ScanWarning::code).contains("MANIFEST_IDENTIFIER_TOO_LONG");
            assertThat(next.status()).isEqualTo(ScanStatus.COMPLETED);
            assertThat(next.findingsCount()).isEqualTo(1);
            assertThat(readiness(owner).path("status").asText()).isEqualTo("UP");
        }
    }

    @Test
    void shouldReportNotReadyWhileAWorkerIsMissingAndReplaceIt() throws Exception {
        try (TestServer server = TestServer.start(s -> s.withWorkers(2))) {
            var owner = server.tenant().owner();
            Project project = owner.createProject(new NewProject("lost-worker", "main"));
            Thread first = eventually(() -> workerThread(null), Optional::isPresent, "worker 0 runs").orElseThrow();

            first.interrupt();
            Thread second = eventually(() -> workerThread(first), Optional::isPresent, "worker 0 replaced").orElseThrow();
            second.interrupt();
            JsonNode down = eventually(() -> readiness(owner), body -> body.path("status").asText().equals("DOWN"),
                    "not ready while worker 0 waits for its replacement");

            assertThat(down.path("checks").path("workers").asText()).isEqualTo("DOWN");
            assertThat(down.path("reason").asText()).isEqualTo("1 of 2 scan workers running");
            eventually(() -> readiness(owner).path("status").asText(), "UP"::equals, "ready again");
            assertThat(workerThread(second)).isPresent();
            ScanDetail scan = owner.awaitScan(submit(owner, project, PLAIN_LOCKFILE), Duration.ofSeconds(30));
            assertThat(scan.status()).isEqualTo(ScanStatus.COMPLETED);
        }
    }

    /** This JVM's live {@code vigil-worker-0}, other than {@code not}. */
    private static Optional<Thread> workerThread(Thread not) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("vigil-worker-0") && t != not && t.isAlive())
                .findFirst();
    }

    private static UUID submit(VigilClient owner, Project project, String lockfile) {
        return owner.submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(Map.of("package-lock.json", lockfile))),
                project.id(), "main", "a".repeat(40), ScanType.SCA)).id();
    }

    private static JsonNode readiness(VigilClient client) {
        try {
            return Json.mapper().readTree(client.send("GET", "/health/ready", Map.of(), null).body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
