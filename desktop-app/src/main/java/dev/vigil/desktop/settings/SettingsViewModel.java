package dev.vigil.desktop.settings;

import dev.vigil.desktop.connection.Connection;
import dev.vigil.desktop.connection.DesktopSettings;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.TaskExecutor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;

/**
 * Which server the dashboard talks to, as whom; switching to a remote server (saved only once it accepts
 * the key) or back to the local one; the theme. A saved key is never shown beyond its last four characters.
 */
public final class SettingsViewModel {

    private static final int SHOWN_KEY_CHARACTERS = 4;

    private final Session session;
    private final TaskExecutor tasks;
    private final ReadOnlyStringWrapper server = new ReadOnlyStringWrapper(this, "server", "");
    private final ReadOnlyStringWrapper location = new ReadOnlyStringWrapper(this, "location", "");
    private final ReadOnlyStringWrapper identity = new ReadOnlyStringWrapper(this, "identity", "");
    private final ReadOnlyStringWrapper savedKey = new ReadOnlyStringWrapper(this, "savedKey", "");
    private final ReadOnlyBooleanWrapper local = new ReadOnlyBooleanWrapper(this, "local");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper(this, "notice", "");
    private final StringProperty remoteUrl = new SimpleStringProperty(this, "remoteUrl", "");
    private final StringProperty apiKey = new SimpleStringProperty(this, "apiKey", "");
    private final BooleanProperty darkTheme = new SimpleBooleanProperty(this, "darkTheme");

    public SettingsViewModel(Session session, TaskExecutor tasks) {
        this.session = session;
        this.tasks = tasks;
        session.connectionProperty().subscribe(this::describe);
        session.darkThemeProperty().subscribe(darkTheme::set);
        darkTheme.subscribe(dark -> {
            if (dark != session.darkThemeProperty().get()) {
                session.useDarkTheme(dark);
            }
        });
    }

    /** All but the last four characters hidden. */
    public static String masked(String key) {
        int shown = key.length() > SHOWN_KEY_CHARACTERS * 2 ? SHOWN_KEY_CHARACTERS : 0;
        return "•".repeat(Math.min(12, key.length() - shown)) + key.substring(key.length() - shown);
    }

    /** The URL as the client needs it: http or https with a host; empty when it is not one. */
    public static Optional<URI> serverUrl(String text) {
        try {
            URI url = new URI(text == null ? "" : text.strip());
            String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("http") || scheme.equals("https")) && url.getHost() != null
                    ? Optional.of(url) : Optional.empty();
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }

    public ReadOnlyStringProperty serverProperty() { return server.getReadOnlyProperty(); }

    public ReadOnlyStringProperty locationProperty() { return location.getReadOnlyProperty(); }

    public ReadOnlyStringProperty identityProperty() { return identity.getReadOnlyProperty(); }

    public ReadOnlyStringProperty savedKeyProperty() { return savedKey.getReadOnlyProperty(); }

    public ReadOnlyBooleanProperty localProperty() { return local.getReadOnlyProperty(); }

    public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }

    public ReadOnlyStringProperty problemProperty() { return problem.getReadOnlyProperty(); }

    public ReadOnlyStringProperty noticeProperty() { return notice.getReadOnlyProperty(); }

    public StringProperty remoteUrlProperty() { return remoteUrl; }

    public StringProperty apiKeyProperty() { return apiKey; }

    public BooleanProperty darkThemeProperty() { return darkTheme; }

    /** Checks the key with the server; switches (and saves) only if the server accepts it. */
    public void connectRemote() {
        Optional<URI> url = serverUrl(remoteUrl.get());
        String key = apiKey.get() == null ? "" : apiKey.get().strip();
        if (url.isEmpty() || key.isEmpty()) {
            problem.set(url.isEmpty() ? "Enter the server's address, such as https://vigil.example.com."
                    : "Enter an API key of that server.");
            return;
        }
        start();
        session.useRemote(url.get(), key, () -> done("Connected to " + url.get() + "."), this::failed);
    }

    public void useLocal() {
        start();
        session.useLocal(() -> done("Using the local server."), this::failed);
    }

    private void start() {
        busy.set(true);
        problem.set("");
        notice.set("");
    }

    private void done(String message) {
        busy.set(false);
        apiKey.set("");
        notice.set(message);
    }

    private void failed(String message) {
        busy.set(false);
        problem.set(message);
    }

    private void describe(Connection connection) {
        local.set(connection != null && connection.isLocal());
        if (connection == null) {
            server.set("Not connected");
            location.set("");
            identity.set("");
        } else {
            server.set(connection.isLocal() ? "Local server (embedded)" : "Remote server");
            location.set(connection.dataDir().map(dir -> dir.toAbsolutePath().toString())
                    .orElse(connection.client().baseUri().toString()));
            identity.set(connection.user().email() + " (" + connection.role().wire() + ")");
        }
        tasks.submit(session::settings, this::showSaved, failure -> savedKey.set(""));
    }

    private void showSaved(DesktopSettings saved) {
        savedKey.set(saved.remoteApiKey().map(SettingsViewModel::masked).orElse(""));
        if (remoteUrl.get().isBlank()) {
            remoteUrl.set(saved.remoteUrl().map(URI::toString).orElse(""));
        }
    }
}
