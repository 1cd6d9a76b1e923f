package dev.vigil.server.hostile;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.PostgresDatabase;
import dev.vigil.server.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One tenant's backlog does not hold back the others: workers take turns across tenants. The scans queue on
 * an API-only node, then a node with one worker runs them over the same database (in the PostgreSQL suite, a
 * fresh PostgreSQL database).
 */
class FairnessTest {

    private static final byte[] ARCHIVE = Archives.tarGz(Map.of("notes.txt", "nothing secret here\n"));
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private final String memory = "jdbc:hsqldb:mem:vigil-fairness-" + UUID.randomUUID() + ";hsqldb.tx=mvcc";
    private final Optional<PostgresDatabase> postgres = PostgresDatabase.selected()
            ? Optional.of(PostgresDatabase.create()) : Optional.empty();
    private final List<TestServer> nodes = new ArrayList<>();

    @AfterEach
    void stopNodes() {
        try {
            Collections.reverse(nodes);
            nodes.forEach(TestServer::close);
        } finally {
            postgres.ifPresent(PostgresDatabase::close);
        }
    }

    /** A node with {@code workers} scan workers over this test's database. */
    private TestServer node(int workers) {
        UnaryOperator<ServerSettings> settings = s -> s.withWorkers(workers);
        TestServer node = postgres.isPresent() ? TestServer.onPostgres(postgres.get(), settings)
                : TestServer.start(s -> settings.apply(s).withDatabase(memory));
        nodes.add(node);
        return node;
    }

    private static UUID submit(TestServer.Tenant tenant, Project project, int n) {
        return tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(ARCHIVE), project.id(), "main",
                String.format("%040x", n), ScanType.SECRETS)).id();
    }

    private static Instant started(TestServer.Tenant tenant, UUID scan) {
        ScanDetail done = tenant.owner().awaitScan(scan, PATIENCE);
        assertThat(done.status()).as("scan %s", scan).isEqualTo(ScanStatus.COMPLETED);
        return done.startedAt();
    }

    @Test
    void aSecondTenantsScanStartsBeforeTheFirstTenantsBacklogDrains() {
        TestServer api = node(0);
        TestServer.Tenant busy = api.tenant();
        TestServer.Tenant other = api.tenant();
        Project busyProject = busy.owner().createProject(new NewProject("backlog", "main"));
        Project otherProject = other.owner().createProject(new NewProject("one-scan", "main"));
        List<UUID> backlog = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            backlog.add(submit(busy, busyProject, i));
        }
        UUID single = submit(other, otherProject, 6);

        node(1);

        Instant singleStarted = started(other, single);
        List<Instant> backlogStarted = backlog.stream().map(scan -> started(busy, scan)).toList();
        assertThat(singleStarted).isBefore(Collections.max(backlogStarted));
    }
}
