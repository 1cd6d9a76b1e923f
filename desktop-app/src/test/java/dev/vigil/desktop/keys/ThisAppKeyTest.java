package dev.vigil.desktop.keys;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilClient;
import dev.vigil.desktop.Dashboard;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.testing.DesktopFixture;
import dev.vigil.desktop.testing.DesktopTest;
import dev.vigil.desktop.testing.Fx;
import dev.vigil.desktop.testing.LocalDashboard;
import dev.vigil.model.ApiKey;
import dev.vigil.model.Finding;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.Scan;
import dev.vigil.model.ScanType;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.GitHubTokens;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;

import java.time.Duration;
import java.time.LocalDate;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The key the dashboard acts with: marked, revoked only with its consequence said, and renewed, never replaced. */
@DesktopTest
class ThisAppKeyTest {

    private Stage stage;
    private DesktopFixture ui;
    private LocalDashboard dashboard;
    private Session relaunched;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        dashboard = ui.dashboard(stage);
    }

    @Test
    void revokingThisAppsKeySaysWhatFollowsAndANewKeyBringsTheSameTenantBack(FxRobot robot) {
        dashboard.awaitConnection();
        Project kept = dashboard.session().connection().client().createProject(new NewProject("kept", "main"));
        UUID user = dashboard.session().connection().user().id();
        robot.clickOn("#nav-keys");
        @SuppressWarnings("unchecked")
        TableView<KeyRow> table = robot.lookup("#keys-table").queryAs(TableView.class);
        Fx.waitUntil(10, () -> !table.getItems().isEmpty());
        KeyRow own = table.getItems().stream().filter(KeyRow::thisApp).findFirst().orElseThrow();
        assertThat(table.getItems()).filteredOn(KeyRow::thisApp).hasSize(1);
        assertThat(table.getColumns().getFirst().getCellData(own)).isEqualTo("owner bootstrap key (this app)");

        robot.interact(() -> table.getSelectionModel().select(own));
        robot.clickOn("#revoke-key");
        assertThat(robot.lookup("#revoke-consequence").queryAs(Label.class).getText())
                .startsWith("This is the key this dashboard acts with. Once it is revoked, every page fails");
        assertThat(robot.lookup("#confirm-revoke").queryAs(Button.class).getText()).isEqualTo("Revoke this app's key");
        robot.clickOn("#confirm-revoke");

        Fx.waitUntil(10, () -> robot.lookup("#key-refused").query().isVisible());
        assertThat(robot.lookup("#connection-label").queryAs(Label.class).getText())
                .isEqualTo("This app's key is revoked: create a new one to go on.");
        robot.clickOn("#renew-key");

        Fx.waitUntil(60, () -> dashboard.session().connection() != null && !dashboard.session().isConnecting()
                && !dashboard.session().keyRefusedProperty().get());
        assertThat(robot.lookup("#key-refused").query().isVisible()).isFalse();
        assertThat(dashboard.session().connection().user().id()).isEqualTo(user);
        assertThat(dashboard.session().connection().client().allProjects().map(Project::id)).containsExactly(kept.id());
    }

    @Test
    void aKeyRevokedElsewhereOffersANewKeyOnceAndTheFindingsComeBack(FxRobot robot) {
        dashboard.awaitConnection();
        Session session = dashboard.session();
        VigilClient app = session.connection().client();
        UUID user = session.connection().user().id();
        Project kept = app.createProject(new NewProject("kept", "main"));
        String token = GitHubTokens.withChecksum("ghp_" + "Rt5Yu7Io9Pa1Sd3Fg5Hj7Kl9Zx1Cv3Bn5Mq7");
        Scan scan = app.submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(Map.of(
                "deploy/.env", "GITHUB_TOKEN=" + token + "\n"))), kept.id(), "main", "c".repeat(40), ScanType.SECRETS));
        app.awaitScan(scan.id(), Duration.ofSeconds(60));
        TableView<Finding> findings = robot.lookup("#findings-table").queryTableView();
        robot.press(KeyCode.CONTROL, KeyCode.R).release(KeyCode.R, KeyCode.CONTROL);
        Fx.waitUntil(30, () -> findings.getItems().size() == 1);
        AtomicInteger offers = new AtomicInteger();
        robot.interact(() -> session.keyRefusedProperty().addListener((observable, was, refused) -> {
            if (refused) {
                offers.incrementAndGet();
            }
        }));

        // another client of the same tenant revokes the key this dashboard acts with
        String laptop = app.createApiKey(new NewApiKey("laptop", LocalDate.now().plusDays(5).toString(), null)).key();
        try (VigilClient elsewhere = VigilClient.of(app.baseUri(), laptop)) {
            ApiKey own = elsewhere.listApiKeys(100, null).data().stream()
                    .filter(key -> key.prefix().equals(session.connection().keyPrefix()) && key.revokedAt() == null)
                    .findFirst().orElseThrow();
            elsewhere.revokeApiKey(own.id());
        }
        robot.press(KeyCode.CONTROL, KeyCode.R).release(KeyCode.R, KeyCode.CONTROL);
        robot.clickOn("#nav-overview");
        Fx.waitUntil(30, () -> !robot.lookup("#overview-error").queryAs(Label.class).getText().isEmpty());
        robot.clickOn("#nav-scans");
        Fx.waitUntil(30, () -> !robot.lookup("#scans-error").queryAs(Label.class).getText().isEmpty());

        assertThat(robot.lookup("#key-refused").query().isVisible()).isTrue();
        assertThat(robot.lookup("#key-refused-text").queryAs(Label.class).getText())
                .startsWith("The server no longer accepts this app's key").endsWith("create a new one to go on.");
        assertThat(offers).as("one offer however many pages fail").hasValue(1);
        robot.clickOn("#renew-key");

        Fx.waitUntil(60, () -> session.connection() != null && !session.isConnecting()
                && !session.keyRefusedProperty().get());
        assertThat(robot.lookup("#key-refused").query().isVisible()).isFalse();
        assertThat(session.connection().user().id()).isEqualTo(user);
        assertThat(session.connection().client().allProjects().map(Project::id)).containsExactly(kept.id());
        robot.clickOn("#nav-findings");
        Fx.waitUntil(30, () -> findings.getItems().size() == 1);
        assertThat(findings.getItems().getFirst().location()).startsWith("deploy/.env:");
    }

    @Test
    void aKeyRefusedAtLaunchIsSaidAndNoNewTenantIsCreated(FxRobot robot) {
        dashboard.awaitConnection();
        var client = dashboard.session().connection().client();
        Project kept = client.createProject(new NewProject("kept", "main"));
        ApiKey own = client.listApiKeys(10, null).data().getFirst();
        client.revokeApiKey(own.id());
        dashboard.close();

        relaunched = ui.session(dashboard.paths());
        robot.interact(() -> new Dashboard(relaunched, ui.tasks()).show(stage));
        robot.interact(() -> relaunched.open());

        Fx.waitUntil(60, () -> relaunched.keyRefusedProperty().get());
        assertThat(relaunched.connection()).isNull();
        assertThat(robot.lookup("#key-refused-text").queryAs(Label.class).getText())
                .startsWith("The local server refused this app's key (the API key has been revoked).");
        assertThat(robot.lookup("#renew-key").queryAs(Button.class).isVisible()).isTrue();
        robot.clickOn("#renew-key");

        Fx.waitUntil(60, () -> relaunched.connection() != null && !relaunched.keyRefusedProperty().get());
        assertThat(relaunched.connection().client().allProjects().map(Project::id)).containsExactly(kept.id());
        assertThat(relaunched.settings().localApiKey()).get().asString().startsWith(relaunched.connection().keyPrefix());
    }
}
