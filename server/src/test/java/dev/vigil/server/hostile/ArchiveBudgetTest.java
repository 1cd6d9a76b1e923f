package dev.vigil.server.hostile;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilClient;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.model.ScanWarning;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** An upload cannot make a scan read more than its limits allow, nor run longer than its time budget. */
@VigilServerTest
class ArchiveBudgetTest {

    private static final String TOKEN = "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";
    private static final long EIGHT_MIB = 8L << 20;
    private static TestServer server;
    private static TestServer.Tenant tenant;

    @Test
    void shouldSkipOldGnuSparseEntriesWithAWarning() {
        assertSparseEntriesSkipped((tar, path) -> tar.oldGnu(path, EIGHT_MIB, "x"));
    }

    @Test
    void shouldSkipPaxSparseEntriesWithAWarning() {
        assertSparseEntriesSkipped((tar, path) -> tar.pax(path, EIGHT_MIB, "x"));
    }

    @Test
    void shouldKeepFindingsOfAFileNowSparseOpen() {
        Project project = tenant.owner().createProject(new NewProject("sparse-resolve", "main"));
        scan(project, new SparseTar().file("app.env", "TOKEN=" + TOKEN + "\n").tarGz());
        Finding before = onlyFinding(project);

        scan(project, new SparseTar().oldGnu("app.env", EIGHT_MIB, "nothing\n").tarGz());

        assertThat(tenant.owner().findings().get(before.id()).status()).isEqualTo(FindingStatus.OPEN);
    }

    @Test
    void shouldCompleteAScanPastItsTimeLimitWithAWarningAndResolveNothing() {
        String database = "jdbc:hsqldb:mem:vigil-" + UUID.randomUUID() + ";hsqldb.tx=mvcc";
        TestServer.Tenant owner;
        Project project;
        Finding before;
        try (TestServer first = TestServer.start(s -> s.withDatabase(database))) {
            owner = first.tenant();
            project = owner.owner().createProject(new NewProject("time-limit", "main"));
            scan(owner.owner(), project, new SparseTar().file("app.env", "TOKEN=" + TOKEN + "\n").tarGz());
            before = onlyFinding(owner.owner(), project);
        }
        try (TestServer hurried = TestServer.start(s -> s.withDatabase(database)
                .withScanTimeout(Duration.ofNanos(1)))) {
            VigilClient client = owner.ownerOn(hurried);

            ScanDetail done = scan(client, project, new SparseTar().file("app.env", "nothing\n").tarGz());

            assertThat(done.scanWarnings()).extracting(ScanWarning::code).contains("SCAN_TIME_LIMIT");
            assertThat(client.findings().get(before.id()).status()).isEqualTo(FindingStatus.OPEN);
        }
    }

    /** 75 sparse files of 8 MiB each: 600 MiB of holes from an upload of a few KiB, then a plain file. */
    private static void assertSparseEntriesSkipped(BiFunction<SparseTar, String, SparseTar> sparse) {
        Project project = tenant.owner().createProject(new NewProject("sparse-" + System.nanoTime(), "main"));
        SparseTar tar = new SparseTar();
        List<String> holes = IntStream.range(0, 75).mapToObj(i -> "holes/" + i + ".bin").toList();
        holes.forEach(path -> sparse.apply(tar, path));
        byte[] archive = tar.file("app.env", "TOKEN=" + TOKEN + "\n").tarGz();

        ScanDetail done = scan(project, archive);

        assertThat(archive.length).isLessThan(8192);
        assertThat(done.scanWarnings()).filteredOn(w -> w.code().equals("SPARSE_FILE_SKIPPED"))
                .extracting(ScanWarning::path).containsExactlyElementsOf(holes);
        assertThat(done.findingsCount()).as("the plain file after the sparse ones is read").isEqualTo(1);
    }

    private static ScanDetail scan(Project project, byte[] archive) {
        return scan(tenant.owner(), project, archive);
    }

    private static ScanDetail scan(VigilClient client, Project project, byte[] archive) {
        var scan = client.submitScan(ScanSubmission.of(ScanArchive.of(archive), project.id(), "main",
                "5".repeat(40), ScanType.SECRETS));
        ScanDetail done = client.awaitScan(scan.id(), Duration.ofSeconds(60));
        assertThat(done.status()).isEqualTo(ScanStatus.COMPLETED);
        return done;
    }

    private static Finding onlyFinding(Project project) {
        return onlyFinding(tenant.owner(), project);
    }

    private static Finding onlyFinding(VigilClient client, Project project) {
        List<Finding> findings = client.findings().list(FindingFilter.none().withProject(project.id()), 10, null)
                .data();
        assertThat(findings).hasSize(1);
        return findings.getFirst();
    }
}
