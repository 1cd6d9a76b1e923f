package dev.vigil.desktop.findings;

import dev.vigil.desktop.Dashboard;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.testing.DesktopFixture;
import dev.vigil.desktop.testing.DesktopTest;
import dev.vigil.desktop.testing.Fx;
import dev.vigil.desktop.testing.LocalDashboard;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** A first launch (embedded server, no findings): the empty pages offer "Scan a folder…" themselves. */
@DesktopTest
class FirstLaunchTest {

    private DesktopFixture ui;
    private Session session;
    private Dashboard dashboard;
    private Path folder;

    @Start
    void start(Stage stage) throws IOException {
        folder = Files.createDirectories(Files.createTempDirectory("vigil-first-launch").resolve("my-service"));
        LocalDashboard local = ui.dashboard(stage, owner -> Optional.of(folder));
        session = local.session();
        dashboard = local.dashboard();
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
