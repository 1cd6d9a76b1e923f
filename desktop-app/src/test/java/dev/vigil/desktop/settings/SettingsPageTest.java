package dev.vigil.desktop.settings;

import atlantafx.base.controls.ToggleSwitch;
import dev.vigil.client.VigilApiException;
import dev.vigil.desktop.connection.DesktopPaths;
import dev.vigil.desktop.connection.DesktopSettings;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.connection.SettingsStore;
import dev.vigil.desktop.testing.DesktopFixture;
import dev.vigil.desktop.testing.DesktopTest;
import dev.vigil.desktop.testing.Fx;
import dev.vigil.desktop.testing.LocalDashboard;
import dev.vigil.model.NewApiKey;
import dev.vigil.server.testing.TestServer;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;

import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;

/** The settings page driven through the real UI: from the embedded server to a remote one and back. */
@DesktopTest
class SettingsPageTest {

    private DesktopFixture ui;
    private LocalDashboard dashboard;
    private Session session;
    private DesktopPaths paths;
    private TestServer remote;

    @Start
    void start(Stage stage) {
        dashboard = ui.dashboard(stage);
        session = dashboard.session();
        paths = dashboard.paths();
        remote = ui.closedAfter(TestServer.start());
    }

    private void openSettings(FxRobot robot) {
        dashboard.awaitConnection();
        robot.clickOn("#nav-settings");
        Fx.waitUntil(5, () -> text(robot, "#settings-location").equals(paths.dataDir().toAbsolutePath().toString()));
    }

    private void fillRemote(FxRobot robot, String key) {
        robot.clickOn("#remote-url").push(KeyCode.CONTROL, KeyCode.A).write(remote.server().uri().toString());
        robot.clickOn("#remote-key").push(KeyCode.CONTROL, KeyCode.A).write(key);
        robot.clickOn("#connect-remote");
    }

    @Test
    void refusesAWrongKeyWithTheServersMessageAndSavesNothing(FxRobot robot) {
        openSettings(robot);
        DesktopSettings before = new SettingsStore(paths.configFile()).load();

        fillRemote(robot, "vgl_live_not_a_real_key");

        Fx.waitUntil(10, () -> !text(robot, "#settings-problem").isEmpty());
        assertThat(text(robot, "#settings-problem")).isEqualTo(serversAnswerTo("vgl_live_not_a_real_key"));
        assertThat(new SettingsStore(paths.configFile()).load()).isEqualTo(before);
        assertThat(session.connection().isLocal()).isTrue();
        assertThat(text(robot, "#connection-label")).startsWith("Local server");
    }

    @Test
    void switchesToARemoteServerThroughTheFormAndBackToTheLocalOne(FxRobot robot) {
        String key = remote.tenant().owner().createApiKey(new NewApiKey("desktop",
                LocalDate.now().plusDays(30).toString(), null)).key();
        openSettings(robot);

        fillRemote(robot, key);

        Fx.waitUntil(15, () -> text(robot, "#settings-server").equals("Remote server"));
        assertThat(text(robot, "#connection-label")).startsWith(remote.server().uri().toString());
        assertThat(text(robot, "#settings-saved-key")).endsWith(key.substring(key.length() - 4))
                .doesNotContain(key.substring(0, key.length() - 4));
        assertThat(robot.lookup(node -> shows(node, key)).tryQuery()).isEmpty();
        assertThat(new SettingsStore(paths.configFile()).load().remoteApiKey()).contains(key);

        robot.clickOn("#use-local");

        Fx.waitUntil(30, () -> session.connection() != null && session.connection().isLocal());
        Fx.waitUntil(5, () -> text(robot, "#settings-location").equals(paths.dataDir().toAbsolutePath().toString()));
        assertThat(new SettingsStore(paths.configFile()).load().target()).isEqualTo(DesktopSettings.Target.LOCAL);
    }

    @Test
    void switchesTheThemeWhereTheShellKeepsIt(FxRobot robot) {
        openSettings(robot);

        ToggleSwitch dark = robot.lookup("#dark-theme").queryAs(ToggleSwitch.class);
        robot.interact(() -> dark.setSelected(true));  // the card sits below the fold of the test's window

        Fx.waitUntil(5, () -> session.darkThemeProperty().get());
        assertThat(robot.lookup(".vigil-root").query().getPseudoClassStates().toString()).contains("dark");
        assertThat(new SettingsStore(paths.configFile()).load().darkTheme()).isTrue();
    }

    private static boolean shows(Node node, String text) {
        return node instanceof Labeled labeled && labeled.getText() != null && labeled.getText().contains(text)
                || node instanceof javafx.scene.control.TextInputControl input
                && !(node instanceof javafx.scene.control.PasswordField) && text.equals(input.getText());
    }

    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryLabeled().getText();
    }

    private String serversAnswerTo(String key) {
        try (var client = remote.client(key)) {
            client.me();
        } catch (VigilApiException e) {
            return e.error().message();
        }
        throw new AssertionError("the server accepted " + key);
    }
}
