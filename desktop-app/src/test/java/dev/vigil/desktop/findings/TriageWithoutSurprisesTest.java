package dev.vigil.desktop.findings;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.testing.DesktopFixture;
import dev.vigil.desktop.testing.DesktopServerTest;
import dev.vigil.desktop.testing.Fx;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStatus;
import dev.vigil.server.testing.TestServer;
import javafx.scene.Node;
import javafx.scene.control.DatePicker;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** Bulk triage through the real UI: confirmed, undoable, keeping the selection, refusing what changes nothing. */
@DesktopServerTest
class TriageWithoutSurprisesTest {

    private static TestServer server;
    private DesktopFixture ui;
    private SeededTenant seeded;
    private Session session;

    @Start
    void start(Stage stage) {
        seeded = SeededTenant.with(server, 30);
        session = ui.connect(server.server().uri(), seeded.ownerKey());
        FindingsPage page = new FindingsPage(session, ui.tasks(), (owner, suggested) -> Optional.empty());
        ui.show(stage, page.view());
        page.shown();
    }

    private TableView<Finding> table(FxRobot robot) {
        return robot.lookup("#findings-table").queryTableView();
    }

    private List<UUID> selectFirst(FxRobot robot, int count) {
        Fx.waitUntil(30, () -> table(robot).getItems().size() == 30);
        robot.interact(() -> table(robot).getSelectionModel().selectRange(0, count));
        return table(robot).getSelectionModel().getSelectedItems().stream().map(Finding::id).toList();
    }

    private Map<UUID, FindingStatus> onServer(List<UUID> ids) {
        return seeded.owner().findings().all(FindingFilter.none()).filter(f -> ids.contains(f.id()))
                .collect(Collectors.toMap(Finding::id, Finding::status));
    }

    @Test
    void aBulkResolveAsksFirstKeepsTheSelectionAndCanBeUndone(FxRobot robot) {
        List<UUID> chosen = selectFirst(robot, 6);
        Map<UUID, FindingStatus> before = onServer(chosen);

        robot.clickOn("#bulk-resolve");

        DialogPane dialog = robot.lookup("#triage-dialog").queryAs(DialogPane.class);
        assertThat(dialog.getHeaderText()).isEqualTo("Resolve 6 findings?");
        robot.clickOn("#triage-confirm");
        Fx.waitUntil(30, () -> robot.lookup("#undo-bar").query().isVisible());
        Fx.waitUntil(30, () -> table(robot).getSelectionModel().getSelectedItems().size() == 6
                && table(robot).getSelectionModel().getSelectedItems().stream().allMatch(f -> f.status() == FindingStatus.RESOLVED));
        assertThat(onServer(chosen).values()).containsOnly(FindingStatus.RESOLVED);
        assertThat(table(robot).getSelectionModel().getSelectedItems()).extracting(Finding::id)
                .containsExactlyInAnyOrderElementsOf(chosen);
        assertThat(robot.lookup("#undo-what").queryAs(Label.class).getText()).isEqualTo("Resolve: 6 findings changed");

        robot.clickOn("#undo-button");

        Fx.waitUntil(30, () -> robot.lookup("#bulk-summary").queryAs(Label.class).getText().startsWith("Undone"));
        assertThat(robot.lookup("#bulk-summary").queryAs(Label.class).getText())
                .isEqualTo("Undone: Resolve, 6 findings put back");
        assertThat(onServer(chosen)).isEqualTo(before);
        assertThat(robot.lookup("#undo-bar").query().isVisible()).isFalse();
    }

    @Test
    void cancellingTheConfirmationChangesNothing(FxRobot robot) {
        List<UUID> chosen = selectFirst(robot, 3);
        Map<UUID, FindingStatus> before = onServer(chosen);

        robot.clickOn("#bulk-backlog");
        assertThat(robot.lookup("#triage-dialog").queryAs(DialogPane.class).getHeaderText())
                .isEqualTo("Move 3 findings to the backlog?");
        robot.clickOn(robot.lookup("#triage-dialog .button").match((Node node) -> node.getId() == null
                || !node.getId().equals("triage-confirm")).queryButton());

        assertThat(onServer(chosen)).isEqualTo(before);
        assertThat(robot.lookup("#undo-bar").query().isVisible()).isFalse();
    }

    @Test
    void reopenIsRefusedWhereItWouldChangeNothing(FxRobot robot) {
        selectFirst(robot, 4);  // seeded findings are all open

        assertThat(robot.lookup("#bulk-reopen").queryButton().isDisabled()).isTrue();
        assertThat(tooltip(robot, "#bulk-reopen")).isEqualTo("Reopen would change none of the 4 selected findings (open)");
        assertThat(robot.lookup("#bulk-resolve").queryButton().isDisabled()).isFalse();
    }

    @Test
    void theAcceptDialogWritesIsoDatesAndSaysWhyADateIsRefused(FxRobot robot) {
        selectFirst(robot, 2);
        LocalDate today = LocalDate.now(ZoneOffset.UTC);

        robot.clickOn("#bulk-accept");
        robot.clickOn("#triage-reason").write("Compensating control");
        DatePicker until = robot.lookup("#triage-until").query();

        assertThat(until.getEditor().getText()).isEqualTo(today.plusDays(90).toString());
        assertThat(robot.lookup("#triage-date-message").queryAs(Label.class).getText()).isEmpty();
        assertThat(robot.lookup("#triage-confirm").queryButton().isDisabled()).isFalse();

        robot.interact(() -> until.getEditor().setText(today.plusYears(2).toString()));

        assertThat(robot.lookup("#triage-date-message").queryAs(Label.class).getText())
                .isEqualTo("Choose a date after " + today + " and no later than " + today.plusYears(1)
                        + ": the server takes at most one year");
        assertThat(robot.lookup("#triage-confirm").queryButton().isDisabled()).isTrue();

        robot.interact(() -> until.getEditor().setText("2/24/2027"));

        assertThat(robot.lookup("#triage-date-message").queryAs(Label.class).getText()).isEqualTo("Enter the date as yyyy-MM-dd");
        assertThat(robot.lookup("#triage-confirm").queryButton().isDisabled()).isTrue();
    }

    @Test
    void theApplyToDialogWritesIsoDatesToo(FxRobot robot) {
        selectFirst(robot, 1);

        robot.clickOn("#detail-apply-to");

        DatePicker until = robot.lookup("#apply-until").query();
        assertThat(until.getEditor().getText()).isEqualTo(LocalDate.now(ZoneOffset.UTC).plusDays(90).toString());
    }

    /** The refusal's tooltip sits on the Guarded wrapper around the disabled control. */
    private static String tooltip(FxRobot robot, String id) {
        Node wrapper = robot.lookup(id).query().getParent();
        Object tooltip = wrapper.getProperties().get("javafx.scene.control.Tooltip");
        return tooltip instanceof Tooltip t ? t.getText() : null;
    }
}
