package dev.vigil.desktop.scans;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.shell.MainView;
import dev.vigil.desktop.testing.DesktopFixture;
import dev.vigil.desktop.testing.DesktopServerTest;
import dev.vigil.desktop.testing.Fx;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.Scan;
import dev.vigil.model.ScanListItem;
import dev.vigil.model.ScanType;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.GitHubTokens;
import dev.vigil.server.testing.TestServer;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The scan detail says why its SARIF log lists more results than the scan has findings. */
@DesktopServerTest
class SarifCountTest {

    private static final String TOKEN = GitHubTokens.withChecksum("ghp_" + "Lm3nB5vC7xZ9aS2dF4gH6jK8qW1eR0tYuIo5");
    private static TestServer server;
    private TestServer.Tenant tenant;
    private DesktopFixture ui;
    private Session session;

    @Start
    void start(Stage stage) {
        tenant = server.tenant();
        session = ui.connect(server, tenant);
        MainView main = ui.shell(stage, session, List.of(new ScansPage(session, ui.tasks(), owner -> Optional.empty())));
        DesktopFixture.showWhenConnected(session, main, "scans");
    }

    @Test
    void saysThatResultsOfOneFingerprintMakeOneFinding(FxRobot robot) {
        Fx.waitUntil(30, () -> session.connection() != null && robot.lookup("#page-scans").tryQuery().isPresent());
        Project project = tenant.owner().createProject(new NewProject("twice", "main"));
        Map<String, String> files = new LinkedHashMap<>();
        files.put("deploy/env.sh", "export GITHUB_TOKEN=" + TOKEN + "\n# again, for the other job\nexport GH_TOKEN="
                + TOKEN + "\n");
        Scan scan = tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(files)), project.id(),
                "main", "b".repeat(40), ScanType.SECRETS));
        tenant.owner().awaitScan(scan.id(), Duration.ofSeconds(60));

        robot.clickOn("#scans-refresh");
        TableView<ScanListItem> table = robot.lookup("#scans-table").queryTableView();
        Fx.waitUntil(20, () -> table.getItems().stream().anyMatch(row -> row.id().equals(scan.id())));
        robot.clickOn("#scan-row-" + scan.id());

        TableView<SarifResult> results = robot.lookup("#sarif-table").queryTableView();
        Fx.waitUntil(20, () -> results.getItems().size() == 2);
        assertThat(tenant.owner().getScan(scan.id()).findingsCount()).isEqualTo(1);
        Label note = robot.lookup("#sarif-count-note").queryAs(Label.class);
        assertThat(note.getText()).isEqualTo("2 results for 1 finding: 1 result repeats the fingerprint of another "
                + "(the same rule on the same secret, resource or package in the same file, at another line or "
                + "version), and a finding stands for each fingerprint once.");
        assertThat(note.isVisible()).isTrue();
    }
}
