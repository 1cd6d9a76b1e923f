package dev.vigil.desktop.scans;

import dev.vigil.client.ArchivePackager;
import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilApiException;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.CurrentThreadTaskExecutor;
import dev.vigil.model.ApiError;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.Scan;
import dev.vigil.model.ScanListItem;
import dev.vigil.model.ScanPolicy;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The Scans view model against a real in-process server, its background work run on the test's thread. */
@VigilServerTest
class ScansViewModelTest {

    private static TestServer server;

    @BeforeAll
    static void startServer() throws Exception {
        TestSessions.importAdvisories(server);
    }

    private static ScansViewModel connected(TestServer.Tenant tenant, ArchivePackager packager) {
        CurrentThreadTaskExecutor tasks = new CurrentThreadTaskExecutor();
        Session session = TestSessions.connect(server, tenant, tasks);
        assertThat(session.connection()).isNotNull();
        return new ScansViewModel(session, tasks, packager);
    }

    @Test
    void scansAFolderInANewProjectAndListsTheScanCompleted() {
        ScansViewModel model = connected(server.tenant(), new ArchivePackager());
        FolderScanViewModel form = model.folderScan();
        Path folder = TestSessions.plantedFolder();
        form.folderProperty().set(folder);
        form.loadProjects();
        assertThat(form.projectProperty().get()).isNull();
        assertThat(form.newProjectNameProperty().get()).isEqualTo(folder.getFileName().toString());
        form.newProjectNameProperty().set("");
        assertThat(form.submitRefusal().get()).isEqualTo("Choose or create a project");

        form.newProjectNameProperty().set("scanned-from-desktop");
        form.createProject();
        form.submit();

        assertThat(form.errorProperty().get()).isEmpty();
        assertThat(form.progressProperty().get()).isEqualTo(1.0);
        assertThat(form.finishedProperty().get().status()).isEqualTo(ScanStatus.COMPLETED);
        assertThat(form.phaseProperty().get()).startsWith("Completed: ");
        assertThat(model.scans()).singleElement().satisfies(row -> {
            assertThat(row.projectName()).isEqualTo("scanned-from-desktop");
            assertThat(row.status()).isEqualTo(ScanStatus.COMPLETED);
            assertThat(row.criticalCount()).isPositive();
        });
        assertThat(model.activeProperty().get()).isFalse();
    }

    @Test
    void showsTheFinishedScanWithItsSarifResultsAndWarningsButNothingPackagingLeftOut() {
        ScansViewModel model = connected(server.tenant(), new ArchivePackager());
        FolderScanViewModel form = model.folderScan();
        form.folderProperty().set(TestSessions.plantedFolder());
        form.newProjectNameProperty().set("detail");
        form.createProject();

        form.submit();

        ScanDetailViewModel detail = model.detail();
        assertThat(detail.scanProperty().get().id()).isEqualTo(form.finishedProperty().get().id());
        assertThat(detail.results()).extracting(SarifResult::ruleId).contains("aws-access-token", "GHSA-jfh8-c2jp-5v3q");
        assertThat(detail.results()).filteredOn(result -> result.ruleId().equals("aws-access-token"))
                .singleElement().satisfies(result -> {
                    assertThat(result.location()).isEqualTo("config.ini:2");
                    assertThat(result.level()).isEqualTo("error");
                });
        assertThat(detail.results()).extracting(SarifResult::location)
                .noneMatch(location -> location.startsWith("node_modules") || location.startsWith("local.env"));
        assertThat(detail.warnings()).anySatisfy(warning -> assertThat(warning.path()).isEqualTo("web/package.json"));
    }

    @Test
    void showsWhatTheRepositoryPolicyDecidedAndItsStaleEntries() {
        TestServer.Tenant tenant = server.tenant();
        Scan scan = TestSessions.policyScan(tenant);
        ScansViewModel model = connected(tenant, new ArchivePackager());

        model.detail().show(scan.id());

        assertThat(model.detail().policyProperty().get())
                .isEqualTo("Repository policy: 2 findings decided · 1 stale entry");
        assertThat(model.detail().staleEntries()).containsExactly(new ScanPolicy.Unmatched(8, "aws-access-token"));

        model.detail().show(null);
        assertThat(model.detail().policyProperty().get()).isEmpty();
        assertThat(model.detail().staleEntries()).isEmpty();
    }

    @Test
    void listsOnlyThePullRequestScansUntilAllScansIsChosen() {
        TestServer.Tenant tenant = server.tenant();
        Project project = tenant.owner().createProject(new NewProject("prs", "main"));
        Scan pullRequest = submitAndAwait(tenant, ScanSubmission.of(archive(), project.id(), "feature",
                "a".repeat(40), ScanType.SECRETS).withPrId(12));
        Scan mainBranch = submitAndAwait(tenant, ScanSubmission.of(archive(), project.id(), "main", "b".repeat(40),
                ScanType.SECRETS));
        ScansViewModel model = connected(tenant, new ArchivePackager());

        model.allScansProperty().set(false);
        assertThat(model.scans()).extracting(ScanListItem::id).containsExactly(pullRequest.id());

        model.allScansProperty().set(true);
        assertThat(model.scans()).extracting(ScanListItem::id).containsExactly(mainBranch.id(), pullRequest.id());
    }

    @Test
    void showsAHundredScansThenLoadMoreShowsTheOlderOnesInTheServersOrder() {
        TestServer.Tenant tenant = server.tenant();
        List<UUID> stored = TestSessions.storeScans(server, tenant, 130);
        ScansViewModel model = connected(tenant, new ArchivePackager());

        model.refresh();
        assertThat(ids(model)).containsExactlyElementsOf(stored.subList(0, 100));
        assertThat(model.hasMoreProperty().get()).isTrue();

        model.loadMore();
        assertThat(ids(model)).doesNotHaveDuplicates().containsExactlyElementsOf(stored);
        assertThat(model.hasMoreProperty().get()).isFalse();
    }

    @Test
    void aRefreshAfterLoadMoreShowsANewScanFirstAndNoScanTwice() {
        TestServer.Tenant tenant = server.tenant();
        List<UUID> expected = new ArrayList<>(TestSessions.storeScans(server, tenant, 130));
        ScansViewModel model = connected(tenant, new ArchivePackager());
        model.refresh();
        model.loadMore();
        expected.addFirst(TestSessions.storeScans(server, tenant, 1).getFirst());

        model.refresh();

        assertThat(ids(model)).doesNotHaveDuplicates().containsExactlyElementsOf(expected);
    }

    @Test
    void keepsRefreshingWhileAScanIsPendingAndStopsOnceNoneIs() {
        try (TestServer apiOnly = TestServer.start(settings -> settings.withWorkers(0))) {
            TestServer.Tenant tenant = apiOnly.tenant();
            Project project = tenant.owner().createProject(new NewProject("queued", "main"));
            tenant.owner().submitScan(ScanSubmission.of(archive(), project.id(), "main", "c".repeat(40), ScanType.SECRETS));
            CurrentThreadTaskExecutor tasks = new CurrentThreadTaskExecutor();
            ScansViewModel model = new ScansViewModel(TestSessions.connect(apiOnly, tenant, tasks), tasks);

            model.refresh();

            assertThat(model.scans()).extracting(ScanListItem::status).containsExactly(ScanStatus.PENDING);
            assertThat(model.activeProperty().get()).isTrue();
        }
        TestServer.Tenant tenant = server.tenant();
        Project project = tenant.owner().createProject(new NewProject("done", "main"));
        submitAndAwait(tenant, ScanSubmission.of(archive(), project.id(), "main", "d".repeat(40), ScanType.SECRETS));
        ScansViewModel finished = connected(tenant, new ArchivePackager());

        finished.refresh();

        assertThat(finished.scans()).extracting(ScanListItem::status).containsExactly(ScanStatus.COMPLETED);
        assertThat(finished.activeProperty().get()).isFalse();
    }

    @Test
    void refusesAFolderLargerThanTheLimitBeforeUploadingIt() {
        ScansViewModel model = connected(server.tenant(), new ArchivePackager(64));
        FolderScanViewModel form = model.folderScan();
        form.folderProperty().set(TestSessions.plantedFolder());
        form.newProjectNameProperty().set("too-large");
        form.createProject();

        form.submit();

        assertThat(form.errorProperty().get()).contains("would exceed");
        assertThat(form.runningProperty().get()).isFalse();
        assertThat(form.progressProperty().get()).isZero();
        model.refresh();
        assertThat(model.scans()).isEmpty();
    }

    @Test
    void saysWhenToTryAgainAfterTheRateLimit() {
        var limited = new VigilApiException("submit a scan", 429,
                new ApiError("RATE_LIMITED", "The hourly limit of 50 scans is reached."), Optional.empty(),
                Optional.of(Duration.ofSeconds(601)));

        assertThat(FolderScan.describe(limited)).isEqualTo("The hourly limit of 50 scans is reached. Try again in 11 minutes.");
    }

    @Test
    void saysWhatIsMissingBeforeAScanCanStart() {
        ScansViewModel model = connected(server.tenant(), new ArchivePackager());

        assertThat(model.folderScan().submitRefusal().get()).isEqualTo("Choose a folder to scan");
        model.folderScan().submit();
        assertThat(model.folderScan().errorProperty().get()).isEqualTo("Choose a folder to scan");
    }

    private static List<UUID> ids(ScansViewModel model) {
        return model.scans().stream().map(ScanListItem::id).toList();
    }

    private static ScanArchive archive() {
        return ScanArchive.of(Archives.tarGz(Map.of("README.md", "hello\n")));
    }

    private static Scan submitAndAwait(TestServer.Tenant tenant, ScanSubmission submission) {
        Scan scan = tenant.owner().submitScan(submission);
        tenant.owner().awaitScan(scan.id(), Duration.ofSeconds(60));
        return scan;
    }
}
