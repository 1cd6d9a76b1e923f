package dev.vigil.desktop.connection;

import dev.vigil.client.SystemClient;
import dev.vigil.client.VigilApiException;
import dev.vigil.client.VigilClient;
import dev.vigil.model.CreatedTenant;
import dev.vigil.model.NewTenant;
import dev.vigil.model.Plan;
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
            return checkRemote(settings.remoteUrl().get(), settings.remoteApiKey().get());
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
            return settings.localApiKey().flatMap(key -> connectIfKnown(server, key))
                    .orElseGet(() -> connect(server, bootstrap(server, settings)));
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

    private String bootstrap(VigilServer server, DesktopSettings settings) {
        try (SystemClient system = SystemClient.of(server.uri(), server.systemToken())) {
            CreatedTenant tenant = system.createTenant(new NewTenant("Local", ownerEmail(), Plan.ENTERPRISE));
            store.save(settings.withLocalApiKey(tenant.apiKey()));
            return tenant.apiKey();
        }
    }

    /** The embedded server's connection for {@code apiKey}, if the server still knows the key. */
    private Optional<Connection> connectIfKnown(VigilServer server, String apiKey) {
        try {
            return Optional.of(connect(server, apiKey));
        } catch (VigilApiException unknownKey) {
            return Optional.empty();  // a data directory replaced or reset: bootstrap again
        }
    }

    private Connection connect(VigilServer server, String apiKey) {
        VigilClient client = VigilClient.of(server.uri(), apiKey);
        try {
            return new Connection(client, client.me(), Optional.of(server), Optional.of(paths.dataDir()));
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
    }

    private static String ownerEmail() {
        String user = System.getProperty("user.name", "owner").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]", "");
        return (user.isEmpty() ? "owner" : user) + "@vigil.localhost";
    }
}
