package dev.vigil.desktop.decisions;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilApiException;
import dev.vigil.client.VigilClient;
import dev.vigil.desktop.testing.DesktopFixture;
import dev.vigil.desktop.testing.DesktopTest;
import dev.vigil.desktop.testing.Fx;
import dev.vigil.desktop.testing.LocalDashboard;
import dev.vigil.model.Decision;
import dev.vigil.model.DecisionScope;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.NewDecision;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanType;
import dev.vigil.server.testing.Archives;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The Decisions page and a finding's link to its decision, driven through the real UI over the embedded server. */
@DesktopTest
class DecisionsPageTest {

    private DesktopFixture ui;
    private LocalDashboard dashboard;

    @Start
    void start(Stage stage) {
        dashboard = ui.dashboard(stage);
    }

    private VigilClient owner() {
        dashboard.awaitConnection();
        return dashboard.session().connection().client();
    }

    @SuppressWarnings("unchecked")
    private static TableView<Decision> table(FxRobot robot) {
        return robot.lookup("#decisions-table").queryAs(TableView.class);
    }

    @Test
    void listsFiltersAndDeletesDecisions(FxRobot robot) {
        VigilClient owner = owner();
        Decision kept = owner.createDecision(new NewDecision(DecisionScope.ofRule("CKV_AWS_20", null),
                FindingStatus.FALSE_POSITIVE, "static website", null));
        Decision doomed = owner.createDecision(new NewDecision(DecisionScope.ofPackage("pkg:npm/lodash@<4.17.21", null),
                FindingStatus.ACCEPTED, "server-side only", LocalDate.now(ZoneOffset.UTC).plusDays(30)));

        robot.clickOn("#nav-decisions");
        Fx.waitUntil(10, () -> table(robot).getItems().size() == 2);
        robot.interact(() -> robot.lookup("#decisions-status").queryAs(ComboBox.class)
                .setValue(FindingStatus.ACCEPTED));
        Fx.waitUntil(10, () -> table(robot).getItems().size() == 1);
        assertThat(table(robot).getItems().getFirst().id()).isEqualTo(doomed.id());

        robot.interact(() -> table(robot).getSelectionModel().select(0));
        robot.clickOn("#delete-decision");

        Fx.waitUntil(10, () -> table(robot).getItems().isEmpty()
                || !robot.lookup("#decisions-problem").queryLabeled().getText().isEmpty());
        assertThat(robot.lookup("#decisions-problem").queryLabeled().getText()).isEmpty();
        assertThat(table(robot).getItems()).isEmpty();
        assertThatThrownBy(() -> owner.getDecision(doomed.id()))
                .isInstanceOfSatisfying(VigilApiException.class, e -> assertThat(e.status()).isEqualTo(404));
        assertThat(owner.getDecision(kept.id()).id()).isEqualTo(kept.id());
    }

    @Test
    void aFindingClosedByADecisionLinksToItOnTheDecisionsPage(FxRobot robot) {
        VigilClient owner = owner();
        Project project = owner.createProject(new NewProject("site", "main"));
        var scan = owner.submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(Map.of("main.tf", """
                resource "aws_s3_bucket" "site" {
                  bucket = "site"
                  acl    = "public-read"
                }
                """))), project.id(), "main", "0123456789abcdef0123456789abcdef01234567", ScanType.IAC));
        owner.awaitScan(scan.id(), Duration.ofSeconds(60));
        Decision decision = owner.createDecision(new NewDecision(DecisionScope.ofRule("CKV_AWS_20", project.id()),
                FindingStatus.FALSE_POSITIVE, "static website", null));
        assertThat(decision.applied()).isEqualTo(1);

        robot.clickOn("#nav-findings");
        robot.press(KeyCode.CONTROL, KeyCode.R).release(KeyCode.R, KeyCode.CONTROL);
        TableView<Finding> findings = robot.lookup("#findings-table").queryTableView();
        Fx.waitUntil(30, () -> findings.getItems().stream().anyMatch(f -> f.status() == FindingStatus.FALSE_POSITIVE));
        robot.interact(() -> findings.getSelectionModel().select(findings.getItems().stream()
                .filter(f -> f.status() == FindingStatus.FALSE_POSITIVE).findFirst().orElseThrow()));
        Fx.waitUntil(10, () -> robot.lookup("#detail-decision-link").tryQuery().isPresent());
        robot.clickOn("#detail-decision-link");

        Fx.waitUntil(10, () -> robot.lookup("#nav-decisions").queryAs(ToggleButton.class).isSelected());
        Fx.waitUntil(10, () -> table(robot).getSelectionModel().getSelectedItem() != null);
        assertThat(table(robot).getSelectionModel().getSelectedItem().id()).isEqualTo(decision.id());
    }
}
