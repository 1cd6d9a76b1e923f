package dev.vigil.desktop.scans;

import dev.vigil.client.ArchivePackager;
import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.overview.OverviewPage;
import dev.vigil.desktop.shell.MainView;
import dev.vigil.desktop.testing.DesktopFixture;
import dev.vigil.desktop.testing.DesktopServerTest;
import dev.vigil.desktop.testing.Fx;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.Scan;
import dev.vigil.model.ScanListItem;
import dev.vigil.model.ScanPolicy;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.model.ScanWarning;
import dev.vigil.server.testing.TestServer;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The Scans page driven through the real UI, headless, against a real in-process server. */
@DesktopServerTest
class ScansPageTest {

    private static TestServer server;
    private static Path folder;
    private TestServer.Tenant tenant;
    private DesktopFixture ui;
    private Session session;

    @BeforeAll
    static void startServer() throws Exception {
        TestSessions.importAdvisories(server);
        folder = TestSessions.plantedFolder();
    }

    @Start
    void start(Stage stage) {
        tenant = server.tenant();
        session = ui.connect(server, tenant);
        MainView main = ui.shell(stage, session, List.of(new OverviewPage(session, ui.tasks()),
                new ScansPage(session, ui.tasks(), owner -> Optional.of(folder))));
        DesktopFixture.showWhenConnected(session, main, "scans");
    }

    @Test
    void scansAFolderFromCtrlOToACompletedScanInTheList(FxRobot robot) {
        Fx.waitUntil(30, () -> session.connection() != null && robot.lookup("#page-scans").tryQuery().isPresent());

        robot.press(KeyCode.CONTROL, KeyCode.O).release(KeyCode.O, KeyCode.CONTROL);
        Fx.waitUntil(10, () -> robot.lookup("#folder-scan").query().isVisible());
        assertThat(robot.lookup("#scan-folder-path").queryAs(Label.class).getText()).isEqualTo(folder.toString());
        robot.clickOn("#new-project-name").push(KeyCode.CONTROL, KeyCode.A).write("from-the-desktop");
        robot.clickOn("#create-project");
        Fx.waitUntil(10, () -> robot.lookup("#scan-project").queryAs(ComboBox.class).getValue() != null);
        robot.clickOn("#submit-scan");

        ProgressBar progress = robot.lookup("#scan-progress").queryAs(ProgressBar.class);
        Fx.waitUntil(120, () -> progress.getProgress() == 1.0);
        assertThat(robot.lookup("#scan-phase").queryAs(Label.class).getText()).startsWith("Completed: ");
        assertThat(robot.lookup("#scan-error").queryAs(Label.class).getText()).isEmpty();
        TableView<ScanListItem> table = robot.lookup("#scans-table").queryTableView();
        Fx.waitUntil(20, () -> table.getItems().stream().anyMatch(row ->
                row.projectName().equals("from-the-desktop") && row.status() == ScanStatus.COMPLETED));
    }

    @Test
    void opensAScanWithItsSarifResultsAndWarnings(FxRobot robot) throws Exception {
        Fx.waitUntil(30, () -> session.connection() != null && robot.lookup("#page-scans").tryQuery().isPresent());
        Scan scan = scannedFolder();

        robot.clickOn("#scans-refresh");
        TableView<ScanListItem> table = robot.lookup("#scans-table").queryTableView();
        Fx.waitUntil(20, () -> table.getItems().stream().anyMatch(row -> row.id().equals(scan.id())));
        robot.clickOn("#scan-row-" + scan.id());

        TableView<SarifResult> results = robot.lookup("#sarif-table").queryTableView();
        Fx.waitUntil(20, () -> !results.getItems().isEmpty());
        assertThat(results.getItems()).extracting(SarifResult::ruleId).contains("aws-access-token", "GHSA-jfh8-c2jp-5v3q");
        ListView<ScanWarning> warnings = robot.lookup("#scan-warnings").queryListView();
        assertThat(warnings.getItems()).extracting(ScanWarning::path).contains("web/package.json");
        assertThat(robot.lookup("#pr-comment-status").queryAs(Label.class).getText()).startsWith("PR comment: ");
        assertThat(robot.lookup("#scan-counts").queryAs(Label.class).getText()).contains("critical");
    }

    @Test
    void showsTheRepositoryPolicysStaleEntriesOfAScan(FxRobot robot) {
        Fx.waitUntil(30, () -> session.connection() != null && robot.lookup("#page-scans").tryQuery().isPresent());
        Scan scan = TestSessions.policyScan(tenant);

        robot.clickOn("#scans-refresh");
        TableView<ScanListItem> table = robot.lookup("#scans-table").queryTableView();
        Fx.waitUntil(20, () -> table.getItems().stream().anyMatch(row -> row.id().equals(scan.id())));
        robot.clickOn("#scan-row-" + scan.id());

        Label policy = robot.lookup("#scan-policy").queryAs(Label.class);
        Fx.waitUntil(20, () -> !policy.getText().isEmpty());
        assertThat(policy.getText()).isEqualTo("Repository policy: 2 findings decided · 1 stale entry");
        robot.clickOn("Stale policy entries (1)");
        ListView<ScanPolicy.Unmatched> stale = robot.lookup("#policy-stale").queryListView();
        assertThat(stale.isVisible()).isTrue();
        assertThat(stale.getItems()).containsExactly(new ScanPolicy.Unmatched(8, "aws-access-token"));
        assertThat(robot.lookup("#policy-stale .list-cell").queryAllAs(ListCell.class)).extracting(ListCell::getText)
                .contains(".vigil.yml line 8 · aws-access-token · matched no finding");
    }

    @Test
    void scrollingTheTableToTheEndShowsTheOlderScans(FxRobot robot) {
        List<UUID> stored = TestSessions.storeScans(server, tenant, 130);
        Fx.waitUntil(30, () -> session.connection() != null && robot.lookup("#page-scans").tryQuery().isPresent());
        robot.clickOn("#scans-refresh");
        TableView<ScanListItem> table = robot.lookup("#scans-table").queryTableView();
        Fx.waitUntil(20, () -> table.getItems().size() == 100);
        robot.clickOn("#scan-row-" + stored.getFirst());

        robot.press(KeyCode.END).release(KeyCode.END);  // to the last loaded row: the table asks for the next page
        Fx.waitUntil(20, () -> table.getItems().size() == 130);
        robot.press(KeyCode.END).release(KeyCode.END);

        Fx.waitUntil(20, () -> robot.lookup("#scan-row-" + stored.getLast()).tryQuery().isPresent());
        assertThat(robot.lookup("#scan-row-" + stored.getLast()).query().isVisible()).isTrue();
    }

    /** A folder scan submitted straight through the client, as the CLI would. */
    private Scan scannedFolder() throws Exception {
        Project project = tenant.owner().createProject(new NewProject("scanned", "main"));
        Path archive = Files.createTempFile("vigil-test", ".tar.gz");
        new ArchivePackager().pack(folder, archive);
        Scan scan = tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(archive), project.id(), "main",
                "e".repeat(40), ScanType.FULL));
        tenant.owner().awaitScan(scan.id(), Duration.ofSeconds(60));
        return scan;
    }
}
