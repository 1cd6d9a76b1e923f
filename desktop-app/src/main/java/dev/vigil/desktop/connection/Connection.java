package dev.vigil.desktop.connection;

import dev.vigil.client.VigilClient;
import dev.vigil.model.Role;
import dev.vigil.model.User;
import dev.vigil.server.VigilServer;

import java.nio.file.Path;
import java.util.Optional;

/** An open line to a Vigil server: the client, who the key belongs to, and the embedded server if local. */
public final class Connection implements AutoCloseable {

    private final VigilClient client;
    private final User user;
    private final Optional<VigilServer> embedded;
    private final Optional<Path> dataDir;

    Connection(VigilClient client, User user, Optional<VigilServer> embedded, Optional<Path> dataDir) {
        this.client = client;
        this.user = user;
        this.embedded = embedded;
        this.dataDir = dataDir;
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
