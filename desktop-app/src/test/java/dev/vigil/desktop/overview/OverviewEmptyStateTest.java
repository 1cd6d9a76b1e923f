package dev.vigil.desktop.overview;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.scans.ScansPage;
import dev.vigil.desktop.testing.DesktopFixture;
import dev.vigil.desktop.testing.DesktopServerTest;
import dev.vigil.desktop.testing.Fx;
import dev.vigil.server.testing.TestServer;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A tenant without findings sees what to do next instead of empty charts. */
@DesktopServerTest
class OverviewEmptyStateTest {

    private static TestServer server;
    private DesktopFixture ui;
    private Session session;

    @Start
    void start(Stage stage) {
        session = ui.connect(server, server.tenant());
        ui.shell(stage, session, List.of(new OverviewPage(session, ui.tasks()), new ScansPage(session, ui.tasks())));
    }

    @Test
    void asksToScanAFolderWhenThereAreNoFindings(FxRobot robot) {
        Fx.waitUntil(30, () -> session.connection() != null);
        robot.clickOn("#nav-overview");

        Fx.waitUntil(20, () -> robot.lookup("#overview-empty").query().isVisible());
        assertThat(robot.lookup("#overview-empty .page-subtitle").queryAs(Label.class).getText())
                .isEqualTo("Scan a folder to see findings here.");
        assertThat(robot.lookup(".overview-dashboard").query().isVisible()).isFalse();
    }
}
