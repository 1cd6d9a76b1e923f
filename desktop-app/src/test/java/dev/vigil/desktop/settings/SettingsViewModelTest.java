package dev.vigil.desktop.settings;

import dev.vigil.client.VigilApiException;
import dev.vigil.desktop.connection.Connector;
import dev.vigil.desktop.connection.DesktopPaths;
import dev.vigil.desktop.connection.DesktopSettings;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.connection.SettingsStore;
import dev.vigil.desktop.task.CurrentThreadTaskExecutor;
import dev.vigil.model.NewApiKey;
import dev.vigil.server.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;

class SettingsViewModelTest {

    @TempDir
    Path home;

    private DesktopPaths paths;
    private SettingsStore store;
    private Session session;
    private SettingsViewModel model;

    @BeforeEach
    void openLocally() {
        paths = DesktopPaths.under(home);
        store = new SettingsStore(paths.configFile());
        CurrentThreadTaskExecutor tasks = new CurrentThreadTaskExecutor();
        session = new Session(new Connector(paths, store), tasks);
        session.open();
        model = new SettingsViewModel(session, tasks);
    }

    @AfterEach
    void close() {
        session.close();
    }

    @Test
    void showsTheLocalServerWithItsDataDirectoryAndTheOwner() {
        assertThat(model.serverProperty().get()).startsWith("Local server");
        assertThat(model.locationProperty().get()).isEqualTo(paths.dataDir().toAbsolutePath().toString());
        assertThat(model.identityProperty().get()).endsWith("(owner)");
        assertThat(model.localProperty().get()).isTrue();
    }

    @Test
    void refusesAWrongKeyWithTheServersMessageAndSavesNothing() {
        try (TestServer remote = TestServer.start()) {
            String expected = serversAnswerTo(remote, "vgl_live_wrong");
            DesktopSettings before = store.load();
            model.remoteUrlProperty().set(remote.server().uri().toString());
            model.apiKeyProperty().set("vgl_live_wrong");

            model.connectRemote();

            assertThat(model.problemProperty().get()).isNotBlank().isEqualTo(expected);
            assertThat(store.load()).isEqualTo(before);
            assertThat(session.connection().isLocal()).isTrue();
        }
    }

    @Test
    void switchesToARemoteServerSavingItOnlyOnceAcceptedAndBackToTheLocalOne() {
        try (TestServer remote = TestServer.start()) {
            TestServer.Tenant tenant = remote.tenant();
            String key = tenant.owner().createApiKey(new NewApiKey("desktop",
                    LocalDate.now().plusDays(30).toString(), null)).key();
            model.remoteUrlProperty().set(" " + remote.server().uri() + " ");
            model.apiKeyProperty().set(key);

            model.connectRemote();

            assertThat(model.problemProperty().get()).isEmpty();
            assertThat(model.serverProperty().get()).isEqualTo("Remote server");
            assertThat(model.locationProperty().get()).isEqualTo(remote.server().uri().toString());
            assertThat(model.apiKeyProperty().get()).isEmpty();
            assertThat(model.savedKeyProperty().get()).endsWith(key.substring(key.length() - 4))
                    .doesNotContain(key.substring(0, key.length() - 4));
            assertThat(store.load().remoteApiKey()).contains(key);

            model.useLocal();

            assertThat(model.localProperty().get()).isTrue();
            assertThat(model.locationProperty().get()).isEqualTo(paths.dataDir().toAbsolutePath().toString());
            assertThat(store.load().target()).isEqualTo(DesktopSettings.Target.LOCAL);
        }
    }

    @Test
    void refusesAnAddressThatIsNotAServerUrlWithoutTryingIt() {
        model.remoteUrlProperty().set("vigil.example.com");
        model.apiKeyProperty().set("vgl_live_anything");

        model.connectRemote();

        assertThat(model.problemProperty().get()).contains("address");
        assertThat(session.connection().isLocal()).isTrue();
    }

    @Test
    void hidesAllButTheLastFourCharactersOfAKey() {
        String masked = SettingsViewModel.masked("vgl_live_0123456789abcdef");

        assertThat(masked).endsWith("cdef").doesNotContain("vgl_live").doesNotContain("89ab");
        assertThat(SettingsViewModel.masked("short")).doesNotContain("s").doesNotContain("t");
    }

    @Test
    void keepsTheThemeInTheSessionAndTheSettingsFile() {
        model.darkThemeProperty().set(true);

        assertThat(session.darkThemeProperty().get()).isTrue();
        assertThat(store.load().darkTheme()).isTrue();
    }

    private static String serversAnswerTo(TestServer remote, String key) {
        try (var client = remote.client(key)) {
            client.me();
        } catch (VigilApiException e) {
            return e.error().message();
        }
        throw new AssertionError("the server accepted " + key);
    }
}
