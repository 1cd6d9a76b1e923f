package dev.vigil.desktop;

import dev.vigil.desktop.testing.DesktopFixture;
import dev.vigil.desktop.testing.DesktopTest;
import dev.vigil.desktop.testing.LocalDashboard;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;

import static org.assertj.core.api.Assertions.assertThat;

@DesktopTest
class DashboardTest {

    private DesktopFixture ui;
    private LocalDashboard dashboard;

    @Start
    void start(Stage stage) {
        dashboard = ui.dashboard(stage);
    }

    @Test
    void opensOnTheEmbeddedServerAsItsOwner(FxRobot robot) {
        dashboard.awaitConnection();

        assertThat(robot.lookup("#connection-label").queryAs(Label.class).getText())
                .startsWith("Local server · 127.0.0.1:").endsWith("(owner)");
    }

    @Test
    void navigatesWithTheKeyboard(FxRobot robot) {
        dashboard.awaitConnection();

        robot.press(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.DIGIT3)
                .release(javafx.scene.input.KeyCode.DIGIT3, javafx.scene.input.KeyCode.CONTROL);

        assertThat(robot.lookup("#nav-scans").queryAs(ToggleButton.class).isSelected()).isTrue();
        assertThat(robot.lookup("#page-scans").tryQuery()).isPresent();
    }
}
