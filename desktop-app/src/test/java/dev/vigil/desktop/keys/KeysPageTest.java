package dev.vigil.desktop.keys;

import dev.vigil.client.VigilApiException;
import dev.vigil.client.VigilClient;
import dev.vigil.desktop.shell.Guarded;
import dev.vigil.desktop.testing.DesktopFixture;
import dev.vigil.desktop.testing.DesktopTest;
import dev.vigil.desktop.testing.Fx;
import dev.vigil.desktop.testing.LocalDashboard;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewUser;
import dev.vigil.model.Role;
import dev.vigil.server.testing.TestServer;
import javafx.scene.control.DatePicker;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The API keys page driven through the real UI, over the embedded server. */
@DesktopTest
class KeysPageTest {

    private DesktopFixture ui;
    private LocalDashboard dashboard;

    @Start
    void start(Stage stage) {
        dashboard = ui.dashboard(stage);
    }

    private TableView<KeyRow> openKeysPage(FxRobot robot) {
        dashboard.awaitConnection();
        robot.clickOn("#nav-keys");
        @SuppressWarnings("unchecked")
        TableView<KeyRow> table = robot.lookup("#keys-table").queryAs(TableView.class);
        Fx.waitUntil(10, () -> !table.getItems().isEmpty());
        return table;
    }

    private static void typeExpiry(FxRobot robot, String date) {
        robot.clickOn(robot.lookup("#key-expiry").queryAs(DatePicker.class).getEditor())
                .push(KeyCode.CONTROL, KeyCode.A).write(date);
    }

    @Test
    void showsANewKeyOnceWithACopyButtonAndTheKeyWorks(FxRobot robot) {
        TableView<KeyRow> table = openKeysPage(robot);
        String expiry = LocalDate.now(ZoneOffset.UTC).plusDays(60).toString();

        robot.clickOn("#key-name").write("Release pipeline");
        typeExpiry(robot, expiry);
        robot.clickOn("#create-key");
        Fx.waitUntil(10, () -> robot.lookup("#new-key-value").tryQuery().isPresent());
        String shown = robot.lookup("#new-key-value").queryAs(TextField.class).getText();
        robot.clickOn("#copy-key");

        assertThat(WaitForAsyncUtils.waitFor(WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()))).isEqualTo(shown);
        try (VigilClient client = VigilClient.of(dashboard.session().connection().client().baseUri(), shown)) {
            assertThat(client.me().id()).isEqualTo(dashboard.session().connection().user().id());
        }
        Fx.waitUntil(10, () -> table.getItems().stream().anyMatch(row -> row.name().equals("Release pipeline")));
        assertThat(table.getItems()).filteredOn(row -> row.name().equals("Release pipeline"))
                .singleElement().extracting(KeyRow::expires).isEqualTo(expiry);

        robot.clickOn("#close-new-key");
        assertThat(robot.lookup("#new-key-value").tryQuery()).isEmpty();
        assertThat(robot.lookup(node -> node instanceof TextField field && shown.equals(field.getText())).tryQuery())
                .isEmpty();
    }

    @Test
    void refusesAnExpiryBeyondOneYearWithoutSendingIt(FxRobot robot) {
        TableView<KeyRow> table = openKeysPage(robot);
        int keys = table.getItems().size();

        robot.clickOn("#key-name").write("Too long");
        typeExpiry(robot, LocalDate.now(ZoneOffset.UTC).plusYears(1).plusDays(1).toString());
        robot.clickOn("#create-key");

        assertThat(robot.lookup("#key-form-problem").queryLabeled().getText()).contains("at most one year");
        assertThat(dashboard.session().connection().client().listApiKeys(100, null).data()).hasSize(keys);
    }

    @Test
    void revokesAKeyAfterConfirmationSoThatItStopsWorking(FxRobot robot) {
        dashboard.awaitConnection();
        String doomed = dashboard.session().connection().client().createApiKey(new NewApiKey("Old laptop",
                LocalDate.now(ZoneOffset.UTC).plusDays(3).toString(), null)).key();
        TableView<KeyRow> table = openKeysPage(robot);
        Fx.waitUntil(10, () -> table.getItems().stream().anyMatch(row -> row.name().equals("Old laptop")));

        robot.clickOn("Old laptop");
        robot.clickOn("#revoke-key");
        robot.clickOn("#confirm-revoke");

        Fx.waitUntil(10, () -> table.getItems().stream()
                .anyMatch(row -> row.name().equals("Old laptop") && row.state() == KeyRow.State.REVOKED));
        assertThat(robot.lookup("#revoke-dialog").tryQuery()).isEmpty();
        try (VigilClient client = VigilClient.of(dashboard.session().connection().client().baseUri(), doomed)) {
            assertThatThrownBy(client::me).isInstanceOfSatisfying(VigilApiException.class,
                    e -> assertThat(e.status()).isEqualTo(401));
        }
    }

    @Test
    void membersFindTheAdminPagesRefusedWithTheReason(FxRobot robot) {
        dashboard.awaitConnection();
        try (TestServer remote = TestServer.start()) {
            VigilClient owner = remote.tenant().owner();
            String memberKey = owner.createApiKey(new NewApiKey("member", LocalDate.now().plusDays(5).toString(),
                    owner.createUser(new NewUser("m@example.com", Role.MEMBER)).id())).key();
            robot.interact(() -> dashboard.session().useRemote(remote.server().uri(), memberKey, () -> { }, problem -> { }));
            Fx.waitUntil(30, () -> dashboard.session().connection() != null && dashboard.session().connection().role() == Role.MEMBER);

            ToggleButton keys = robot.lookup("#nav-keys").queryAs(ToggleButton.class);
            assertThat(keys.isDisabled()).isTrue();
            assertThat(((Guarded) keys.getParent()).reason())
                    .isEqualTo("Only Admins and Owners manage API keys; your role is member.");
            for (String page : List.of("decisions", "notifications")) {
                ToggleButton refused = robot.lookup("#nav-" + page).queryAs(ToggleButton.class);
                assertThat(refused.isDisabled()).as(page).isTrue();
                assertThat(((Guarded) refused.getParent()).reason())
                        .isEqualTo("Only Admins and Owners manage " + page + "; your role is member.");
            }
            assertThat(robot.lookup("#nav-findings").queryAs(ToggleButton.class).isDisabled()).isFalse();
            robot.press(KeyCode.CONTROL, KeyCode.DIGIT4).release(KeyCode.DIGIT4, KeyCode.CONTROL);
            assertThat(keys.isSelected()).isFalse();
        }
    }
}
