package dev.vigil.desktop.findings;

import dev.vigil.desktop.Dashboard;
import dev.vigil.desktop.connection.Connector;
import dev.vigil.desktop.connection.DesktopPaths;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.FxTaskExecutor;
import dev.vigil.desktop.testing.Fx;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** A first launch (embedded server, no findings): the empty pages offer "Scan a folder…" themselves. */
@ExtendWith(ApplicationExtension.class)
class FirstLaunchTest {

    private FxTaskExecutor tasks;
    private Session session;
    private Dashboard dashboard;
    private Path folder;

    @Start
    void start(Stage stage) throws IOException {
        Path home = Files.createTempDirectory("vigil-first-launch");
        folder = Files.createDirectories(home.resolve("my-service"));
        tasks = new FxTaskExecutor();
        session = new Session(new Connector(DesktopPaths.under(home)), tasks);
        dashboard = new Dashboard(session, tasks, owner -> Optional.of(folder));
        dashboard.show(stage);
        session.open();
    }

    @AfterEach
    void stop() {
        session.close();
        tasks.close();
    }

    @Test
    void theEmptyOverviewOffersToScanAFolder(FxRobot robot) {
        Fx.waitUntil(60, () -> session.connection() != null);
        robot.interact(() -> dashboard.main().show("overview"));
        Fx.waitUntil(30, () -> robot.lookup("#overview-empty").query().isVisible());

        robot.clickOn("#overview-scan-folder");

        assertScanFormOpenWithTheFolder(robot);
    }

    @Test
    void theEmptyFindingsPageOffersToScanAFolder(FxRobot robot) {
        Fx.waitUntil(60, () -> session.connection() != null);
        Fx.waitUntil(30, () -> robot.lookup("#findings-empty").query().isVisible()
                && robot.lookup("#findings-scan-folder").query().isVisible());

        robot.clickOn("#findings-scan-folder");

        assertScanFormOpenWithTheFolder(robot);
    }

    private void assertScanFormOpenWithTheFolder(FxRobot robot) {
        Fx.waitUntil(10, () -> robot.lookup("#folder-scan").query().isVisible());
        assertThat(robot.lookup("#nav-scans").queryAs(ToggleButton.class).isSelected()).isTrue();
        assertThat(robot.lookup("#scan-folder-path").queryAs(Label.class).getText()).isEqualTo(folder.toString());
    }
}
