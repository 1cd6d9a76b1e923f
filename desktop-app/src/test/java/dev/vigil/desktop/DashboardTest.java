package dev.vigil.desktop;

import dev.vigil.desktop.connection.Connector;
import dev.vigil.desktop.connection.DesktopPaths;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.connection.SettingsStore;
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

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(ApplicationExtension.class)
class DashboardTest {

    private FxTaskExecutor tasks;
    private Session session;

    @Start
    void start(Stage stage) throws IOException {
        Path home = Files.createTempDirectory("vigil-desktop");
        DesktopPaths paths = new DesktopPaths(home.resolve("data"), home.resolve("config/desktop.json"));
        tasks = new FxTaskExecutor();
        session = new Session(new Connector(paths, new SettingsStore(paths.configFile())), tasks);
        new Dashboard(session, tasks).show(stage);
        session.open();
    }

    @AfterEach
    void stop() {
        session.close();
        tasks.close();
    }

    @Test
    void opensOnTheEmbeddedServerAsItsOwner(FxRobot robot) {
        Fx.waitUntil(30, () -> session.connection() != null);

        assertThat(robot.lookup("#connection-label").queryAs(Label.class).getText())
                .startsWith("Local server · 127.0.0.1:").endsWith("(owner)");
    }

    @Test
    void navigatesWithTheKeyboard(FxRobot robot) {
        Fx.waitUntil(30, () -> session.connection() != null);

        robot.press(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.DIGIT3)
                .release(javafx.scene.input.KeyCode.DIGIT3, javafx.scene.input.KeyCode.CONTROL);

        assertThat(robot.lookup("#nav-scans").queryAs(ToggleButton.class).isSelected()).isTrue();
        assertThat(robot.lookup("#page-scans").tryQuery()).isPresent();
    }
}
