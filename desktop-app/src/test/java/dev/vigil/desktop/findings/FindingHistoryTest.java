package dev.vigil.desktop.findings;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilClient;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.testing.DesktopFixture;
import dev.vigil.desktop.testing.DesktopServerTest;
import dev.vigil.desktop.testing.Fx;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.Scan;
import dev.vigil.model.ScanType;
import dev.vigil.model.StatusChange;
import dev.vigil.model.TriageAction;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.GitHubTokens;
import dev.vigil.server.testing.TestServer;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** The detail pane's History, from entries real scans and a person wrote, driven through the real UI. */
@DesktopServerTest
class FindingHistoryTest {

    private static final String ALPHA = GitHubTokens.withChecksum("ghp_" + "Q7wErT9yUi3oPa5sDf8gHj2kLz4xCv6bNm1q");
    private static final String BETA = GitHubTokens.withChecksum("ghp_" + "Zx8cVb2nMq4wEr6tYu1iOp3aSd5fGh7jKl9z");

    /** When an entry happened, as the pane writes it, then the move. */
    private static final String WHEN = "\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} · ";

    private static TestServer server;
    private DesktopFixture ui;
    private Session session;
    private TestServer.Tenant tenant;
    private FindingsPage page;

    @Start
    void start(Stage stage) {
        tenant = server.tenant();
        session = ui.connect(server, tenant);
        page = new FindingsPage(session, ui.tasks(), (owner, suggested) -> Optional.empty());
        ui.show(stage, page.view());
        session.connectionProperty().subscribe(connection -> {
            if (connection != null) {
                page.shown();
            }
        });
    }

    @Test
    void showsDetectionScanResolutionRegressionAndAFalsePositiveWithWhoWhenFromToAndReason(FxRobot robot) {
        VigilClient owner = tenant.owner();
        Project project = owner.createProject(new NewProject("history", "main"));
        Scan detecting = scan(project, Map.of("keys/alpha_token.env", "TOKEN=" + ALPHA + "\n", "keys/beta_token.env", "T=" + BETA + "\n"));
        Finding alpha = at(owner, "keys/alpha_token.env");
        owner.changeStatus(alpha.id(), new StatusChange(TriageAction.FALSE_POSITIVE, "a revoked token kept as a fixture",
                null));
        Scan resolving = scan(project, Map.of("keys/alpha_token.env", "TOKEN=" + ALPHA + "\n"));
        Scan regressing = scan(project, Map.of("keys/alpha_token.env", "TOKEN=" + ALPHA + "\n",
                "keys/beta_token.env", "T=" + BETA + "\n"));
        robot.interact(() -> page.findings().model().reload());
        Fx.waitUntil(30, () -> table(robot).getItems().size() == 2);

        select(robot, "beta_token");

        Fx.waitUntil(20, () -> history(robot).size() == 3);
        List<List<String>> beta = history(robot);
        assertThat(beta).extracting(entry -> entry.get(0)).containsExactly(
                "Detected by a scan · scan " + detecting.id().toString().substring(0, 8),
                "Resolved: a scan no longer found it · scan " + resolving.id().toString().substring(0, 8),
                "Found again after it was resolved · scan " + regressing.id().toString().substring(0, 8));
        assertThat(beta).extracting(entry -> entry.get(1)).satisfiesExactly(
                when -> assertThat(when).matches(WHEN + "new → open"),
                when -> assertThat(when).matches(WHEN + "open → resolved"),
                when -> assertThat(when).matches(WHEN + "resolved → open"));
        assertThat(beta).allSatisfy(entry -> assertThat(entry).hasSize(2));  // no reason given: none shown
        assertThat(robot.lookup("#detail-status-reason").queryAs(Label.class).isVisible()).isFalse();

        select(robot, "alpha_token");

        Fx.waitUntil(20, () -> history(robot).size() == 2);
        List<String> falsePositive = history(robot).get(1);
        assertThat(falsePositive.get(0)).isEqualTo("False positive · " + owner.me().email());
        assertThat(falsePositive.get(1)).matches(WHEN + "open → false_positive");
        assertThat(falsePositive.get(2)).isEqualTo("“a revoked token kept as a fixture”");
        Label reason = robot.lookup("#detail-status-reason").queryAs(Label.class);
        assertThat(reason.getText()).isEqualTo("False positive: a revoked token kept as a fixture");
        assertThat(reason.isVisible()).isTrue();
    }

    private Scan scan(Project project, Map<String, String> files) {
        Scan scan = tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(new LinkedHashMap<>(files))),
                project.id(), "main", "a".repeat(40), ScanType.SECRETS));
        tenant.owner().awaitScan(scan.id(), Duration.ofSeconds(60));
        return scan;
    }

    private static Finding at(VigilClient owner, String file) {
        return owner.findings().all(FindingFilter.none()).filter(f -> f.location().startsWith(file + ":"))
                .findFirst().orElseThrow();
    }

    private void select(FxRobot robot, String file) {
        robot.interact(() -> {
            TableView<Finding> table = table(robot);
            table.getSelectionModel().clearSelection();
            int index = indexOf(table, file);
            table.getSelectionModel().select(index);
        });
        Fx.waitUntil(10, () -> robot.lookup("#finding-detail").query().isVisible());
    }

    private static int indexOf(TableView<Finding> table, String file) {
        for (int i = 0; i < table.getItems().size(); i++) {
            if (table.getItems().get(i).location().contains(file)) {
                return i;
            }
        }
        throw new AssertionError("no row for " + file);
    }

    private static TableView<Finding> table(FxRobot robot) {
        return robot.lookup("#findings-table").queryTableView();
    }

    /** The texts of each rendered history entry, in order. */
    private static List<List<String>> history(FxRobot robot) {
        return robot.lookup("#finding-detail .history-item").queryAllAs(VBox.class).stream()
                .map(item -> item.getChildren().stream().map(node -> ((Label) node).getText()).toList())
                .collect(Collectors.toList());
    }
}
