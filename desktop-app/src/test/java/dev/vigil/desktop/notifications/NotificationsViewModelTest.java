package dev.vigil.desktop.notifications;

import dev.vigil.desktop.connection.Connector;
import dev.vigil.desktop.connection.DesktopPaths;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.CurrentThreadTaskExecutor;
import dev.vigil.model.DeliveryStatus;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewProject;
import dev.vigil.model.NewUser;
import dev.vigil.model.NewWebhook;
import dev.vigil.model.Project;
import dev.vigil.model.Role;
import dev.vigil.model.Webhook;
import dev.vigil.model.WebhookDelivery;
import dev.vigil.model.WebhookEvent;
import dev.vigil.model.WebhookFormat;
import dev.vigil.server.outbound.OutboundGuard;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.WebhookReceiver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.vigil.server.testing.Eventually.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/** The notifications page's view model over a real server and a receiver on loopback, without the FX thread. */
class NotificationsViewModelTest {

    private static final AtomicInteger PATHS = new AtomicInteger();
    private static WebhookReceiver receiver;
    private static TestServer server;

    @TempDir
    Path home;

    private TestServer.Tenant tenant;
    private Session session;

    @BeforeAll
    static void startServer() {
        receiver = new WebhookReceiver();
        server = TestServer.start(s -> s.withOutbound(OutboundGuard.allowing(receiver.authority())));
    }

    @AfterAll
    static void stopServer() {
        server.close();
        receiver.close();
    }

    @BeforeEach
    void newTenant() {
        tenant = server.tenant();
    }

    @AfterEach
    void closeSession() {
        if (session != null) {
            session.close();
        }
    }

    private NotificationsViewModel modelActingAs(Role role) {
        UUID userId = role == Role.OWNER ? tenant.ownerId()
                : tenant.owner().createUser(new NewUser(role.wire() + "-" + UUID.randomUUID()
                + "@example.com", role)).id();
        String key = tenant.owner().createApiKey(new NewApiKey("desktop",
                LocalDate.now(Clock.systemUTC()).plusDays(30).toString(), userId)).key();
        DesktopPaths paths = new DesktopPaths(home.resolve("data"), home.resolve("desktop.json"));
        CurrentThreadTaskExecutor tasks = new CurrentThreadTaskExecutor();
        session = new Session(new Connector(paths), tasks);
        session.useRemote(server.server().uri(), key, () -> { }, problem -> {
            throw new AssertionError(problem);
        });
        return new NotificationsViewModel(session, tasks, 50);
    }

    private static String path() {
        return "/desktop/" + PATHS.incrementAndGet();
    }

    @Test
    void addsAWebhookAndHoldsItsSecretUntilDismissed() {
        Project project = tenant.owner().createProject(new NewProject("shop-" + UUID.randomUUID(), "main"));
        NotificationsViewModel model = modelActingAs(Role.OWNER);
        String url = receiver.url(path());

        model.create(url, List.of(WebhookEvent.SCAN_FAILED, WebhookEvent.PR_BLOCKED), WebhookFormat.SLACK, project);

        assertThat(model.formProblemProperty().get()).isEmpty();
        assertThat(model.createdProperty().get().secret()).hasSize(43);
        assertThat(model.webhooks()).singleElement().satisfies(w -> {
            assertThat(w.url()).isEqualTo(url);
            assertThat(w.events()).containsExactly(WebhookEvent.SCAN_FAILED, WebhookEvent.PR_BLOCKED);
            assertThat(w.format()).isEqualTo(WebhookFormat.SLACK);
            assertThat(model.projectName(w.projectId())).isEqualTo(project.name());
        });
        model.dismissCreated();
        assertThat(model.createdProperty().get()).isNull();
    }

    @Test
    void showsTheServersRefusalOfAPrivateAddressAndChecksTheFormFirst() {
        NotificationsViewModel model = modelActingAs(Role.ADMIN);

        model.create(" ", List.of(WebhookEvent.SCAN_COMPLETED), WebhookFormat.JSON, null);
        assertThat(model.formProblemProperty().get()).contains("URL");
        model.create("https://hooks.example.com/x", List.of(), WebhookFormat.JSON, null);
        assertThat(model.formProblemProperty().get()).contains("event");
        model.create("https://10.0.0.7/hook", List.of(WebhookEvent.SCAN_COMPLETED), WebhookFormat.JSON, null);

        assertThat(model.formProblemProperty().get()).contains("url").contains("private");
        assertThat(model.createdProperty().get()).isNull();
        assertThat(model.webhooks()).isEmpty();
    }

    @Test
    void pingsTheSelectedWebhookAndRedeliversFromItsLog() throws Exception {
        NotificationsViewModel model = modelActingAs(Role.OWNER);
        String path = path();
        model.create(receiver.url(path), List.of(WebhookEvent.SCAN_COMPLETED), WebhookFormat.JSON, null);
        model.dismissCreated();
        model.select(model.webhooks().getFirst());

        model.ping();
        WebhookDelivery ping = eventually(() -> {
            model.reloadDeliveries();
            return model.deliveries().getFirst();
        }, d -> d.status() == DeliveryStatus.DELIVERED, "the ping is delivered");
        assertThat(ping.event()).isEqualTo("ping");
        assertThat(ping.responseStatus()).isEqualTo(200);

        model.redeliver(ping);

        assertThat(model.deliveries()).hasSize(2);
        assertThat(model.deliveries().getFirst().eventId()).isEqualTo(ping.eventId());
        eventually(() -> receiver.received(path), r -> r.size() == 2, "the event arrives twice");
        assertThat(receiver.received(path)).extracting(r -> r.header("X-Vigil-Delivery"))
                .containsOnly(ping.eventId().toString());
    }

    @Test
    void resumesAPausedWebhook() throws Exception {
        NotificationsViewModel model = modelActingAs(Role.OWNER);
        String path = path();
        receiver.answerAlways(path, 404);
        model.create(receiver.url(path), List.of(WebhookEvent.SCAN_COMPLETED), WebhookFormat.JSON, null);
        UUID id = model.webhooks().getFirst().id();
        for (int i = 0; i < 50; i++) {
            tenant.owner().pingWebhook(id);
        }
        eventually(() -> {
            model.reload();
            return model.webhooks().getFirst();
        }, Webhook::paused, "paused after 50 failed deliveries");
        model.select(model.webhooks().getFirst());

        model.resume();

        assertThat(model.webhooks().getFirst().paused()).isFalse();
        assertThat(model.selectedProperty().get().paused()).isFalse();
    }

    @Test
    void showsNothingToAMember() {
        tenant.owner().createWebhook(new NewWebhook(receiver.url(path()),
                List.of(WebhookEvent.SCAN_COMPLETED), null, null));

        NotificationsViewModel model = modelActingAs(Role.MEMBER);

        assertThat(model.webhooks()).isEmpty();
        assertThat(model.problemProperty().get()).isEmpty();
    }
}
