package dev.vigil.desktop.connection;

import dev.vigil.client.SystemClient;
import dev.vigil.client.VigilApiException;
import dev.vigil.client.VigilClient;
import dev.vigil.model.CreatedApiKey;
import dev.vigil.model.CreatedTenant;
import dev.vigil.model.KeyRenewal;
import dev.vigil.model.NewTenant;
import dev.vigil.model.Plan;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.VigilServer;

import java.net.URI;
import java.util.Locale;
import java.util.Optional;

/** Opens connections: the embedded server (bootstrapping its tenant on first start) or a remote one. */
public final class Connector {

    /** The name of the keys the dashboard makes for itself. */
    static final String KEY_NAME = "Vigil dashboard";
    private static final int HTTP_UNAUTHORIZED = 401;
    private static final int HTTP_NOT_FOUND = 404;

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
     * creates a local tenant with its Owner and keeps the Owner's key in the settings file; a saved key the
     * server refuses is {@link KeyRefused}, never a reason for a new tenant.
     */
    public Connection openLocal() {
        VigilServer server = startLocal();
        try {
            DesktopSettings settings = store.load();
            if (settings.localApiKey().isEmpty()) {
                return connect(server, bootstrap(server, settings));
            }
            try {
                return connect(server, settings.localApiKey().get());
            } catch (VigilApiException refused) {
                if (refused.status() != HTTP_UNAUTHORIZED) {
                    throw refused;
                }
                throw new KeyRefused(refused.error().message());
            }
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /**
     * Starts the embedded server and, with its system token, gives the user of the refused saved key a new
     * key in the same tenant. A data directory that never issued that key (replaced or reset) holds nothing
     * of it to lose: it gets its first tenant instead, as on a first start.
     */
    public Connection renewLocalKey() {
        VigilServer server = startLocal();
        try {
            DesktopSettings settings = store.load();
            if (settings.localApiKey().isEmpty()) {
                return connect(server, bootstrap(server, settings));
            }
            try (SystemClient system = SystemClient.of(server.uri(), server.systemToken())) {
                CreatedApiKey renewed = system.renewApiKey(new KeyRenewal(settings.localApiKey().get(), KEY_NAME));
                store.save(settings.withLocalApiKey(renewed.key()));
                return connect(server, renewed.key());
            } catch (VigilApiException unknown) {
                if (unknown.status() != HTTP_NOT_FOUND) {
                    throw unknown;
                }
                return connect(server, bootstrap(server, settings));
            }
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    private VigilServer startLocal() {
        return VigilServer.start(ServerSettings.defaults(paths.dataDir()).withHost("127.0.0.1").withPort(0));
    }

    /** Checks the URL and key with {@code GET /v1/users/me} before anything is saved. */
    public Connection checkRemote(URI url, String apiKey) {
        VigilClient client = VigilClient.of(url, apiKey);
        try {
            return new Connection(client, client.me(), Optional.empty(), Optional.empty(), Connection.prefixOf(apiKey));
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

    private Connection connect(VigilServer server, String apiKey) {
        VigilClient client = VigilClient.of(server.uri(), apiKey);
        try {
            return new Connection(client, client.me(), Optional.of(server), Optional.of(paths.dataDir()),
                    Connection.prefixOf(apiKey));
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
