package dev.vigil.desktop.findings;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.scans.TestSessions;
import dev.vigil.desktop.testing.DesktopFixture;
import dev.vigil.desktop.testing.DesktopServerTest;
import dev.vigil.desktop.testing.Fx;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.Role;
import dev.vigil.model.Severity;
import dev.vigil.server.testing.TestServer;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.controlsfx.control.CheckComboBox;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The Findings page driven through its real UI, headless, against a real in-process server. */
@DesktopServerTest
class FindingsPageTest {

    private static TestServer server;
    private DesktopFixture ui;
    private SeededTenant seeded;
    private Session session;
    private Path exportFile;

    @Start
    void start(Stage stage) throws IOException {
        seeded = SeededTenant.with(server, 1_000);
        exportFile = Files.createTempDirectory("vigil-export").resolve("findings.csv");
        session = ui.connect(server.server().uri(), seeded.ownerKey());
        FindingsPage page = new FindingsPage(session, ui.tasks(), (owner, suggested) -> Optional.of(exportFile));
        ui.show(stage, page.view());
        page.shown();
    }

    private TableView<Finding> table(FxRobot robot) {
        return robot.lookup("#findings-table").queryTableView();
    }

    private void waitForFirstPage(FxRobot robot) {
        Fx.waitUntil(30, () -> table(robot).getItems().size() == 100);
    }

    @Test
    void filtersBySeverity(FxRobot robot) {
        waitForFirstPage(robot);
        CheckComboBox<Severity> severities = robot.lookup("#severity-filter").query();

        robot.interact(() -> severities.getCheckModel().check(Severity.CRITICAL));

        Fx.waitUntil(30, () -> !table(robot).getItems().isEmpty()
                && table(robot).getItems().stream().allMatch(f -> f.severity() == Severity.CRITICAL));
        List<Finding> expected = seeded.owner().findings().list(FindingFilter.none().withSeverities(Set.of(Severity.CRITICAL)),
                100, null).data();
        assertThat(table(robot).getItems()).containsExactlyElementsOf(expected);
    }

    @Test
    void searchesWhatIsTyped(FxRobot robot) {
        waitForFirstPage(robot);

        robot.clickOn("#search-field").write("File777.java");

        Fx.waitUntil(30, () -> table(robot).getItems().size() == 1);
        assertThat(table(robot).getItems().getFirst().location()).contains("/File777.java:");
        assertThat(robot.lookup("#findings-counts").queryAs(Label.class).getText()).isEqualTo("1 finding");
    }

    @Test
    void pagesThroughAThousandFindingsByScrollingToTheEnd(FxRobot robot) {
        waitForFirstPage(robot);
        robot.clickOn(row(robot, 0));

        for (int i = 0; i < 20 && !"1,000 findings".equals(counts(robot)); i++) {
            int loaded = table(robot).getItems().size();
            robot.press(KeyCode.END).release(KeyCode.END);  // to the last loaded row: the table asks for the next page
            Fx.waitUntil(30, () -> table(robot).getItems().size() > loaded || "1,000 findings".equals(counts(robot)));
        }

        assertThat(counts(robot)).isEqualTo("1,000 findings");
        assertThat(table(robot).getItems().stream().map(Finding::id).distinct()).hasSize(1_000);
    }

    /** The table row showing the {@code index}-th finding. */
    private static Node row(FxRobot robot, int index) {
        return robot.lookup("#findings-table .table-row-cell")
                .match((TableRow<?> row) -> row.getIndex() == index && !row.isEmpty()).query();
    }

    private static String counts(FxRobot robot) {
        return robot.lookup("#findings-counts").queryAs(Label.class).getText();
    }

    @Test
    void bulkAcceptsEveryMatchingFindingWithAReasonAndADate(FxRobot robot) {
        waitForFirstPage(robot);
        LocalDate until = LocalDate.now().plusMonths(6);

        robot.clickOn("#select-all-matching");
        Fx.waitUntil(30, () -> table(robot).getSelectionModel().getSelectedItems().size() == 1_000);
        robot.clickOn("#bulk-accept");
        robot.clickOn("#triage-reason").write("Compensating control: WAF rule 42");
        DatePicker date = robot.lookup("#triage-until").query();
        robot.interact(() -> date.setValue(until));
        robot.clickOn("#triage-confirm");

        Fx.waitUntil(60, () -> robot.lookup("#bulk-summary").queryAs(Label.class).getText().startsWith("Accept risk:"));
        assertThat(robot.lookup("#bulk-summary").queryAs(Label.class).getText()).isEqualTo("Accept risk: 1,000 changed");
        // the list reloads its 1,000 rows and selects the same findings again
        Fx.waitUntil(60, () -> table(robot).getSelectionModel().getSelectedItems().size() == 1_000
                && table(robot).getSelectionModel().getSelectedItems().stream().allMatch(f -> f.status() == FindingStatus.ACCEPTED));
        List<Finding> accepted = seeded.owner().findings().all(FindingFilter.none().withStatuses(Set.of(FindingStatus.ACCEPTED))).toList();
        assertThat(accepted).hasSize(1_000).allSatisfy(finding -> {
            assertThat(finding.acceptedReason()).isEqualTo("Compensating control: WAF rule 42");
            assertThat(finding.acceptedUntil()).isEqualTo(until);
        });
    }

    @Test
    void exportsTheCurrentFiltersToTheChosenFileWithCtrlE(FxRobot robot) throws IOException {
        waitForFirstPage(robot);

        robot.press(KeyCode.CONTROL, KeyCode.E).release(KeyCode.E, KeyCode.CONTROL);

        Fx.waitUntil(30, () -> robot.lookup("#export-message").queryAs(Label.class).getText().startsWith("Exported"));
        assertThat(Files.readAllLines(exportFile)).hasSize(1_001);
    }

    @Test
    void keyboardShortcutsFocusTheSearchSelectAllAndClearTheSelection(FxRobot robot) {
        waitForFirstPage(robot);

        robot.press(KeyCode.CONTROL, KeyCode.F).release(KeyCode.F, KeyCode.CONTROL);
        assertThat(robot.lookup("#search-field").queryAs(TextField.class).isFocused()).isTrue();

        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        robot.clickOn(row(robot, 2));
        robot.press(KeyCode.CONTROL, KeyCode.A).release(KeyCode.A, KeyCode.CONTROL);
        assertThat(table(robot).getSelectionModel().getSelectedItems()).hasSize(100);

        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        assertThat(table(robot).getSelectionModel().getSelectedItems()).isEmpty();
    }

    @Test
    void aMemberSeesTheAdminActionsDisabledWithTheReason(FxRobot robot) {
        waitForFirstPage(robot);
        System.gc();  // the refusals must outlive a collection
        seeded.connect(session, seeded.keyWith(Role.MEMBER));
        // the old rows stay until the new first page replaces them: wait for it, or the click's selection goes with them
        Fx.waitUntil(30, () -> session.connection().role() == Role.MEMBER && table(robot).getItems().size() == 100
                && !robot.lookup("#findings-loading").query().isVisible());

        robot.clickOn(row(robot, 0));

        assertThat(robot.lookup("#selection-count").queryAs(Label.class).getText()).isEqualTo("1 selected");
        assertThat(robot.lookup("#bulk-accept").queryButton().isDisabled()).isTrue();
        assertThat(tooltip(robot, "#bulk-accept")).isEqualTo("Accept risk needs the admin role or higher; this key acts as member");
        assertThat(robot.lookup("#detail-resolve").queryButton().isDisabled()).isTrue();
        assertThat(tooltip(robot, "#detail-resolve")).isEqualTo("Resolve needs the admin role or higher; this key acts as member");
        assertThat(robot.lookup("#export-button").queryButton().isDisabled()).isTrue();
        assertThat(tooltip(robot, "#export-button")).isEqualTo("Export needs the admin role or higher; this key acts as member");
        assertThat(robot.lookup("#bulk-in_progress").queryButton().isDisabled()).isFalse();
        assertThat(robot.lookup("#detail-in_progress").queryAs(Button.class).isDisabled()).isFalse();
    }

    @Test
    void aFindingsDetailSaysWhichPolicyEntrySetItsStatus(FxRobot robot) {
        waitForFirstPage(robot);
        TestSessions.policyScan(seeded.tenant());

        robot.clickOn("#search-field").write("policy_demo.env");
        Fx.waitUntil(30, () -> table(robot).getItems().size() == 1);
        robot.clickOn(row(robot, 0));

        Label policy = robot.lookup("#detail-policy").queryAs(Label.class);
        Fx.waitUntil(20, () -> policy.getText().equals("Repository policy: .vigil.yml line 3 (rule github-pat)"));
        assertThat(policy.isVisible()).isTrue();
    }

    /** The refusal's tooltip sits on the Guarded wrapper around the disabled control. */
    private static String tooltip(FxRobot robot, String id) {
        Node wrapper = robot.lookup(id).query().getParent();
        Object tooltip = wrapper.getProperties().get("javafx.scene.control.Tooltip");
        return tooltip instanceof Tooltip t ? t.getText() : null;
    }
}
