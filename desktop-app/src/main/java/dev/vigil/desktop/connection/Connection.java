package dev.vigil.desktop.connection;

import dev.vigil.client.VigilClient;
import dev.vigil.model.Role;
import dev.vigil.model.User;
import dev.vigil.server.VigilServer;

import java.nio.file.Path;
import java.util.Optional;

/** An open line to a Vigil server: the client, who the key belongs to, and the embedded server if local. */
public final class Connection implements AutoCloseable {

    private static final int DISPLAYED_KEY_LENGTH = "vgl_live_".length() + 4;

    private final VigilClient client;
    private final User user;
    private final Optional<VigilServer> embedded;
    private final Optional<Path> dataDir;
    private final String keyPrefix;

    Connection(VigilClient client, User user, Optional<VigilServer> embedded, Optional<Path> dataDir,
               String keyPrefix) {
        this.client = client;
        this.user = user;
        this.embedded = embedded;
        this.dataDir = dataDir;
        this.keyPrefix = keyPrefix;
    }

    /** What the server shows of a key ({@code vgl_live_} and four characters): how a key list names it. */
    static String prefixOf(String apiKey) {
        return apiKey.substring(0, Math.min(apiKey.length(), DISPLAYED_KEY_LENGTH));
    }

    /** The shown prefix of the key this connection acts with, to mark it among the tenant's keys. */
    public String keyPrefix() {
        return keyPrefix;
    }

    public VigilClient client() {
        return client;
    }

    public User user() {
        return user;
    }

    public Role role() {
        return user.role();
    }

    public boolean isLocal() {
        return embedded.isPresent();
    }

    /** Where the embedded server keeps its data; empty for a remote server. */
    public Optional<Path> dataDir() {
        return dataDir;
    }

    /** What the status bar shows: "Local server · 127.0.0.1:41234" or the remote URL. */
    public String label() {
        return (isLocal() ? "Local server · " + client.baseUri().getAuthority() : client.baseUri().toString())
                + " · " + user.email() + " (" + user.role().wire() + ")";
    }

    @Override
    public void close() {
        client.close();
        embedded.ifPresent(VigilServer::close);
    }
}
