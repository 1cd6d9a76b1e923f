package dev.vigil.desktop.overview;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.scans.ScansPage;
import dev.vigil.desktop.scans.TestSessions;
import dev.vigil.desktop.task.FxTaskExecutor;
import dev.vigil.desktop.testing.Fx;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A tenant without findings sees what to do next instead of empty charts. */
@ExtendWith(ApplicationExtension.class)
@VigilServerTest
class OverviewEmptyStateTest {

    private static TestServer server;
    private FxTaskExecutor tasks;
    private Session session;

    @Start
    void start(Stage stage) {
        tasks = new FxTaskExecutor();
        session = TestSessions.connect(server, server.tenant(), tasks);
        TestSessions.show(stage, session, List.of(new OverviewPage(session, tasks), new ScansPage(session, tasks)));
    }

    @AfterEach
    void stop() {
        session.close();
        tasks.close();
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
