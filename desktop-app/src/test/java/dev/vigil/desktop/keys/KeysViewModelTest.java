package dev.vigil.desktop.keys;

import dev.vigil.client.VigilApiException;
import dev.vigil.client.VigilClient;
import dev.vigil.desktop.connection.Connector;
import dev.vigil.desktop.connection.DesktopPaths;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.CurrentThreadTaskExecutor;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewUser;
import dev.vigil.model.Role;
import dev.vigil.model.User;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@VigilServerTest
class KeysViewModelTest {

    private static TestServer server;

    @TempDir
    Path home;

    private TestServer.Tenant tenant;
    private Session session;

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

    private KeysViewModel modelActingAs(UUID userId, int pageSize) {
        String key = tenant.owner().createApiKey(new NewApiKey("desktop", inDays(30), userId)).key();
        DesktopPaths paths = new DesktopPaths(home.resolve("data"), home.resolve("desktop.json"));
        CurrentThreadTaskExecutor tasks = new CurrentThreadTaskExecutor();
        session = new Session(new Connector(paths), tasks);
        session.useRemote(server.server().uri(), key, () -> { }, problem -> {
            throw new AssertionError(problem);
        });
        return new KeysViewModel(session, tasks, Clock.systemUTC(), pageSize);
    }

    private User user(Role role) {
        return tenant.owner().createUser(new NewUser(role.wire() + "-" + UUID.randomUUID() + "@example.com", role));
    }

    private static String inDays(int days) {
        return LocalDate.now(Clock.systemUTC()).plusDays(days).toString();
    }

    @Test
    void listsTheTenantsKeysWithTheirOwners() {
        User member = user(Role.MEMBER);
        tenant.owner().createApiKey(new NewApiKey("member's laptop", inDays(10), member.id()));
        KeysViewModel model = modelActingAs(tenant.ownerId(), 50);

        assertThat(row(model, "desktop")).satisfies(row -> {
            assertThat(row.owner()).isEqualTo("owner@example.com");
            assertThat(row.state()).isEqualTo(KeyRow.State.ACTIVE);
            assertThat(row.expires()).isEqualTo(inDays(30));
        });
        assertThat(row(model, "member's laptop").owner()).isEqualTo(member.email());
    }

    @Test
    void pagesThroughTheKeysAPageAtATime() {
        for (int i = 0; i < 3; i++) {
            tenant.owner().createApiKey(new NewApiKey("key " + i, inDays(5), null));
        }
        KeysViewModel model = modelActingAs(tenant.ownerId(), 2);  // 1 key of the tenant's Owner + 3 + desktop
        assertThat(model.rows()).hasSize(2);
        assertThat(model.hasMoreProperty().get()).isTrue();

        model.loadMore();
        model.loadMore();

        assertThat(model.rows()).hasSize(5).extracting(KeyRow::id).doesNotHaveDuplicates();
        assertThat(model.hasMoreProperty().get()).isFalse();
    }

    @Test
    void createsAKeyThatWorksAndForgetsItsValueOnceDismissed() {
        KeysViewModel model = modelActingAs(tenant.ownerId(), 50);

        model.create("  CI pipeline ", LocalDate.now(Clock.systemUTC()).plusDays(90), null);

        String key = model.createdProperty().get().key();
        try (VigilClient client = server.client(key)) {
            assertThat(client.me().id()).isEqualTo(tenant.ownerId());
        }
        assertThat(row(model, "CI pipeline").state()).isEqualTo(KeyRow.State.ACTIVE);
        model.dismissCreated();
        assertThat(model.createdProperty().get()).isNull();
    }

    @Test
    void createsAKeyForAnotherUserThatActsWithTheirRole() {
        User member = user(Role.MEMBER);
        KeysViewModel model = modelActingAs(tenant.ownerId(), 50);

        model.create("for the member", LocalDate.now(Clock.systemUTC()).plusDays(7), member);

        try (VigilClient client = server.client(model.createdProperty().get().key())) {
            assertThat(client.me()).isEqualTo(member);
        }
        assertThat(row(model, "for the member").owner()).isEqualTo(member.email());
    }

    @Test
    void offersAnAdminOnlyUsersWhoseRoleIsNotAboveTheirs() {
        User admin = user(Role.ADMIN);
        User member = user(Role.MEMBER);
        KeysViewModel model = modelActingAs(admin.id(), 50);

        assertThat(model.owners()).contains(admin, member).noneMatch(user -> user.role() == Role.OWNER);
    }

    @Test
    void acceptsAnExpiryExactlyOneYearAhead() {
        KeysViewModel model = modelActingAs(tenant.ownerId(), 50);

        model.create("a year", model.rules().latestExpiry(), null);

        assertThat(model.formProblemProperty().get()).isEmpty();
        assertThat(model.createdProperty().get().expiresAt().toString()).startsWith(model.rules().latestExpiry().toString());
    }

    @Test
    void refusesAnExpiryBeyondOneYearOrInThePastOrANamelessKeyBeforeSendingIt() {
        KeysViewModel model = modelActingAs(tenant.ownerId(), 50);
        int keys = model.rows().size();

        model.create("too long", model.rules().latestExpiry().plusDays(1), null);
        assertThat(model.formProblemProperty().get()).contains("at most one year");
        model.create("too early", model.rules().earliestExpiry().minusDays(1), null);
        assertThat(model.formProblemProperty().get()).contains("has passed");
        model.create(" ", model.rules().latestExpiry(), null);
        assertThat(model.formProblemProperty().get()).contains("name");

        assertThat(model.createdProperty().get()).isNull();
        assertThat(tenant.owner().listApiKeys(100, null).data()).hasSize(keys);
    }

    @Test
    void showsTheServersMessageWhenItRefusesTheKey() {
        KeysViewModel model = modelActingAs(tenant.ownerId(), 50);
        String longName = "n".repeat(201);
        String expected = messageOf(() -> tenant.owner().createApiKey(new NewApiKey(longName, inDays(3), null)));

        model.create(longName, LocalDate.now(Clock.systemUTC()).plusDays(3), null);

        assertThat(model.formProblemProperty().get()).isNotBlank().isEqualTo(expected);
        assertThat(model.createdProperty().get()).isNull();
    }

    @Test
    void revokesAKeySoThatItStopsWorking() {
        KeysViewModel model = modelActingAs(tenant.ownerId(), 50);
        model.create("short-lived", LocalDate.now(Clock.systemUTC()).plusDays(1), null);
        String key = model.createdProperty().get().key();
        model.dismissCreated();

        model.revoke(row(model, "short-lived"));

        assertThat(row(model, "short-lived").state()).isEqualTo(KeyRow.State.REVOKED);
        try (VigilClient client = server.client(key)) {
            assertThatThrownBy(client::me).isInstanceOfSatisfying(VigilApiException.class,
                    e -> assertThat(e.status()).isEqualTo(401));
        }
    }

    @Test
    void asksNothingOfTheServerForAMember() {
        KeysViewModel model = modelActingAs(user(Role.MEMBER).id(), 50);

        assertThat(model.rows()).isEmpty();
        assertThat(model.owners()).isEmpty();
        assertThat(model.problemProperty().get()).isEmpty();
    }

    private static KeyRow row(KeysViewModel model, String name) {
        return model.rows().stream().filter(row -> row.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no key named " + name + " in " + model.rows()));
    }

    private static String messageOf(Runnable call) {
        try {
            call.run();
        } catch (VigilApiException e) {
            return e.error().message();
        }
        throw new AssertionError("the server accepted it");
    }
}
