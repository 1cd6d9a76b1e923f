package dev.vigil.desktop.scans;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.shell.MainView;
import dev.vigil.desktop.testing.DesktopFixture;
import dev.vigil.desktop.testing.DesktopServerTest;
import dev.vigil.desktop.testing.Fx;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.Project;
import dev.vigil.server.testing.TestServer;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** "Scan a folder…" keeps one folder's scan out of another folder's project, through the real UI. */
@DesktopServerTest
class FolderScanGuardTest {

    private static TestServer server;
    private final AtomicReference<Path> picked = new AtomicReference<>();
    private TestServer.Tenant tenant;
    private DesktopFixture ui;
    private Session session;

    @Start
    void start(Stage stage) {
        tenant = server.tenant();
        session = ui.connect(server, tenant);
        MainView main = ui.shell(stage, session, List.of(new ScansPage(session, ui.tasks(),
                owner -> Optional.ofNullable(picked.get()))));
        DesktopFixture.showWhenConnected(session, main, "scans");
    }

    @Test
    void proposesTheFoldersNameAsTheProjectAndCreatesItWithTheScan(FxRobot robot) {
        Path folder = TestSessions.plantedFolder();

        open(robot, folder);

        assertThat(robot.lookup("#new-project-name").queryAs(TextField.class).getText())
                .isEqualTo(folder.getFileName().toString());
        assertThat(robot.lookup("#scan-project").queryAs(ComboBox.class).getValue()).isNull();
        scan(robot, "#submit-scan");
        assertThat(tenant.owner().allProjects().map(Project::name)).contains(folder.getFileName().toString());
    }

    @Test
    void warnsBeforeAnEmptyFolderGoesIntoAProjectScannedFromAnotherOneAndSaysNothingWasResolved(FxRobot robot)
            throws IOException {
        Path payments = TestSessions.plantedFolder();
        open(robot, payments);
        scan(robot, "#submit-scan");
        Project project = tenant.owner().allProjects().filter(p -> p.name().equals(payments.getFileName().toString()))
                .findFirst().orElseThrow();
        long open = openFindings(project);
        Path empty = Files.createDirectories(Files.createTempDirectory("vigil-other").resolve("downloads"));

        open(robot, empty);
        ComboBox<Project> projects = robot.lookup("#scan-project").queryAs(ComboBox.class);
        Fx.waitUntil(10, () -> projects.getItems().contains(project));
        robot.interact(() -> projects.setValue(project));

        Label warning = robot.lookup("#scan-folder-warning").queryAs(Label.class);
        assertThat(robot.lookup("#folder-warning").query().isVisible()).isTrue();
        assertThat(warning.getText()).startsWith("Earlier scans of “" + project.name() + "” came from "
                + payments.toAbsolutePath() + ", not from " + empty);
        assertThat(robot.lookup("#submit-scan").queryAs(Button.class).isDisabled()).isTrue();
        scan(robot, "#scan-anyway");
        assertThat(robot.lookup("#scan-notice").queryAs(Label.class).getText())
                .isEqualTo("The archive holds no file that this scan reads: no finding was resolved.");
        assertThat(openFindings(project)).isEqualTo(open).isPositive();
    }

    @Test
    void proposesTheProjectAFolderWasScannedIntoBefore(FxRobot robot) {
        Path folder = TestSessions.plantedFolder();
        open(robot, folder);
        TextField name = robot.lookup("#new-project-name").queryAs(TextField.class);
        robot.interact(() -> name.setText("renamed-by-hand"));
        scan(robot, "#submit-scan");
        robot.clickOn("#folder-scan-close");

        open(robot, folder);

        ComboBox<Project> projects = robot.lookup("#scan-project").queryAs(ComboBox.class);
        Fx.waitUntil(10, () -> projects.getValue() != null);
        assertThat(projects.getValue().name()).isEqualTo("renamed-by-hand");
        assertThat(robot.lookup("#folder-warning").query().isVisible()).isFalse();
        assertThat(robot.lookup("#scan-folder-warning").queryAs(Label.class).getText()).isEmpty();
    }

    private void open(FxRobot robot, Path folder) {
        Fx.waitUntil(30, () -> session.connection() != null && robot.lookup("#page-scans").tryQuery().isPresent());
        picked.set(folder);
        robot.press(KeyCode.CONTROL, KeyCode.O).release(KeyCode.O, KeyCode.CONTROL);
        Fx.waitUntil(10, () -> robot.lookup("#folder-scan").query().isVisible()
                && robot.lookup("#scan-folder-path").queryAs(Label.class).getText().equals(folder.toString()));
    }

    private static void scan(FxRobot robot, String button) {
        ProgressBar progress = robot.lookup("#scan-progress").queryAs(ProgressBar.class);
        robot.clickOn(button);
        Fx.waitUntil(120, () -> progress.getProgress() == 1.0);
        assertThat(robot.lookup("#scan-phase").queryAs(Label.class).getText()).startsWith("Completed: ");
        assertThat(robot.lookup("#scan-error").queryAs(Label.class).getText()).isEmpty();
    }

    private long openFindings(Project project) {
        return tenant.owner().findings().all(FindingFilter.none().withProject(project.id())
                .withStatuses(Set.of(FindingStatus.OPEN))).count();
    }
}
