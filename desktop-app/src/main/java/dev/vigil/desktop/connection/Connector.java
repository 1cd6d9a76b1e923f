package dev.vigil.desktop.connection;

import dev.vigil.client.SystemClient;
import dev.vigil.client.VigilApiException;
import dev.vigil.client.VigilClient;
import dev.vigil.model.CreatedTenant;
import dev.vigil.model.NewTenant;
import dev.vigil.model.Plan;
import dev.vigil.model.User;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.VigilServer;

import java.net.URI;
import java.util.Locale;
import java.util.Optional;

/** Opens connections: the embedded server (bootstrapping its tenant on first start) or a remote one. */
public final class Connector {

    private final DesktopPaths paths;
    private final SettingsStore store;

    public Connector(DesktopPaths paths) {
        this(paths, new SettingsStore(paths.configFile()));
    }

    public Connector(DesktopPaths paths, SettingsStore store) {
        this.paths = paths;
        this.store = store;
    }

    public SettingsStore store() {
        return store;
    }

    /** Opens what the saved settings name. */
    public Connection openSaved() {
        DesktopSettings settings = store.load();
        if (settings.target() == DesktopSettings.Target.REMOTE && settings.remoteUrl().isPresent()
                && settings.remoteApiKey().isPresent()) {
            return openRemote(settings.remoteUrl().get(), settings.remoteApiKey().get());
        }
        return openLocal();
    }

    /**
     * Starts the server in-process on a free loopback port over the data directory. The first start
     * creates a local tenant with its Owner and keeps the Owner's key in the settings file.
     */
    public Connection openLocal() {
        VigilServer server = VigilServer.start(ServerSettings.defaults(paths.dataDir()).withHost("127.0.0.1").withPort(0));
        try {
            DesktopSettings settings = store.load();
            Optional<User> known = settings.localApiKey().flatMap(key -> whoIs(server.uri(), key));
            String key = known.isPresent() ? settings.localApiKey().orElseThrow() : bootstrap(server, settings);
            VigilClient client = VigilClient.of(server.uri(), key);
            return new Connection(client, known.orElseGet(client::me), Optional.of(server), Optional.of(paths.dataDir()));
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** Checks the URL and key with {@code GET /v1/users/me} before anything is saved. */
    public Connection checkRemote(URI url, String apiKey) {
        VigilClient client = VigilClient.of(url, apiKey);
        try {
            return new Connection(client, client.me(), Optional.empty(), Optional.empty());
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
    }

    private Connection openRemote(URI url, String apiKey) {
        return checkRemote(url, apiKey);
    }

    private String bootstrap(VigilServer server, DesktopSettings settings) {
        try (SystemClient system = SystemClient.of(server.uri(), server.systemToken())) {
            CreatedTenant tenant = system.createTenant(new NewTenant("Local", ownerEmail(), Plan.ENTERPRISE));
            store.save(settings.withLocalApiKey(tenant.apiKey()));
            return tenant.apiKey();
        }
    }

    private static Optional<User> whoIs(URI server, String apiKey) {
        try (VigilClient client = VigilClient.of(server, apiKey)) {
            return Optional.of(client.me());
        } catch (VigilApiException unknownKey) {
            return Optional.empty();
        }
    }

    private static String ownerEmail() {
        String user = System.getProperty("user.name", "owner").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]", "");
        return (user.isEmpty() ? "owner" : user) + "@vigil.localhost";
    }
}
