package dev.vigil.desktop.notifications;

import dev.vigil.client.VigilClient;
import dev.vigil.desktop.shell.Guarded;
import dev.vigil.desktop.testing.DesktopFixture;
import dev.vigil.desktop.testing.DesktopTest;
import dev.vigil.desktop.testing.Fx;
import dev.vigil.desktop.testing.LocalDashboard;
import dev.vigil.model.DeliveryStatus;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewUser;
import dev.vigil.model.Role;
import dev.vigil.model.Webhook;
import dev.vigil.model.WebhookDelivery;
import dev.vigil.server.outbound.OutboundGuard;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.WebhookReceiver;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.Clipboard;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.HexFormat;

import static org.assertj.core.api.Assertions.assertThat;

/** The notifications page driven through the real UI, against a server that may call a receiver on loopback. */
@DesktopTest
class NotificationsPageTest {

    private DesktopFixture ui;
    private LocalDashboard dashboard;

    @Start
    void start(Stage stage) {
        dashboard = ui.dashboard(stage);
    }

    @Test
    void addsAWebhookShowsItsSecretOncePingsItAndRedelivers(FxRobot robot) throws Exception {
        dashboard.awaitConnection();
        try (WebhookReceiver receiver = new WebhookReceiver();
             TestServer remote = TestServer.start(s -> s.withOutbound(OutboundGuard.allowing(receiver.authority())))) {
            String ownerKey = remote.tenant().ownerKey();
            robot.interact(() -> dashboard.session().useRemote(remote.server().uri(), ownerKey, () -> { },
                    problem -> { }));
            Fx.waitUntil(30, () -> dashboard.session().connection() != null
                    && dashboard.session().connection().client().baseUri().equals(remote.server().uri()));
            robot.clickOn("#nav-notifications");

            robot.clickOn("#webhook-url").write(receiver.url("/page"));
            robot.clickOn("#add-webhook");
            Fx.waitUntil(10, () -> robot.lookup("#webhook-secret").tryQuery().isPresent());
            String secret = robot.lookup("#webhook-secret").queryAs(TextField.class).getText();
            robot.clickOn("#copy-webhook-secret");
            assertThat(WaitForAsyncUtils.waitFor(WaitForAsyncUtils.asyncFx(
                    () -> Clipboard.getSystemClipboard().getString()))).isEqualTo(secret);
            robot.clickOn("#close-webhook-secret");
            assertThat(robot.lookup("#webhook-secret").tryQuery()).isEmpty();
            assertThat(robot.lookup(node -> node instanceof TextField field && secret.equals(field.getText()))
                    .tryQuery()).isEmpty();

            @SuppressWarnings("unchecked")
            TableView<Webhook> webhooks = robot.lookup("#webhooks-table").queryAs(TableView.class);
            Fx.waitUntil(10, () -> webhooks.getItems().size() == 1);
            robot.clickOn(receiver.url("/page"));
            robot.clickOn("#ping-webhook");
            @SuppressWarnings("unchecked")
            TableView<WebhookDelivery> deliveries = robot.lookup("#deliveries-table").queryAs(TableView.class);
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (System.nanoTime() < deadline && !(deliveries.getItems().size() == 1
                    && deliveries.getItems().getFirst().status() == DeliveryStatus.DELIVERED)) {
                Thread.sleep(200);
                robot.interact(() -> robot.lookup("#refresh-deliveries").queryButton().fire());
                WaitForAsyncUtils.waitForFxEvents();
            }
            assertThat(deliveries.getItems()).singleElement()
                    .satisfies(d -> assertThat(d.status()).isEqualTo(DeliveryStatus.DELIVERED));
            robot.clickOn("ping");
            robot.clickOn("#redeliver");
            Fx.waitUntil(10, () -> deliveries.getItems().size() == 2);
            Fx.waitUntil(10, () -> receiver.received("/page").size() == 2);

            var got = receiver.received("/page");
            assertThat(got).extracting(r -> r.header("X-Vigil-Event")).containsOnly("ping");
            assertThat(got.get(1).header("X-Vigil-Delivery")).isEqualTo(got.get(0).header("X-Vigil-Delivery"));
            assertThat(got.getFirst().header("X-Vigil-Signature")).isEqualTo("sha256=" + hmac(secret,
                    got.getFirst().body()));
        }
    }

    @Test
    void membersFindTheNotificationsPageRefusedWithTheReason(FxRobot robot) {
        dashboard.awaitConnection();
        try (TestServer remote = TestServer.start()) {
            VigilClient owner = remote.tenant().owner();
            String memberKey = owner.createApiKey(new NewApiKey("member", LocalDate.now().plusDays(5).toString(),
                    owner.createUser(new NewUser("m@example.com", Role.MEMBER)).id())).key();
            robot.interact(() -> dashboard.session().useRemote(remote.server().uri(), memberKey, () -> { },
                    problem -> { }));
            Fx.waitUntil(30, () -> dashboard.session().connection() != null
                    && dashboard.session().connection().role() == Role.MEMBER);

            ToggleButton notifications = robot.lookup("#nav-notifications").queryAs(ToggleButton.class);
            assertThat(notifications.isDisabled()).isTrue();
            assertThat(((Guarded) notifications.getParent()).reason()).contains("Admins and Owners");
        }
    }

    private static String hmac(String secret, byte[] body) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(body));
    }
}
