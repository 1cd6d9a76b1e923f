package dev.vigil.desktop.connection;

import dev.vigil.desktop.task.TaskExecutor;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The dashboard's one connection, which every view model watches: views reload when it changes. Opening
 * and switching run off the UI thread; the previous connection (and its embedded server) closes once the
 * new one is up, so a failed switch leaves the old one working.
 */
public final class Session implements AutoCloseable {

    private final Connector connector;
    private final TaskExecutor tasks;
    private final ReadOnlyObjectWrapper<Connection> connection = new ReadOnlyObjectWrapper<>(this, "connection");
    private final ReadOnlyBooleanWrapper connecting = new ReadOnlyBooleanWrapper(this, "connecting");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final AtomicBoolean closed = new AtomicBoolean();
    private final ReadOnlyBooleanWrapper darkTheme = new ReadOnlyBooleanWrapper(this, "darkTheme");
    private final ReadOnlyBooleanWrapper keyRefused = new ReadOnlyBooleanWrapper(this, "keyRefused");
    private final List<Consumer<UUID>> scanSubmissions = new CopyOnWriteArrayList<>();

    public Session(Connector connector, TaskExecutor tasks) {
        this.connector = connector;
        this.tasks = tasks;
        this.darkTheme.set(connector.store().load().darkTheme());
    }

    public ReadOnlyObjectProperty<Connection> connectionProperty() {
        return connection.getReadOnlyProperty();
    }

    public Connection connection() {
        return connection.get();
    }

    public boolean isConnecting() {
        return connecting.get();
    }

    public ReadOnlyBooleanProperty connectingProperty() {
        return connecting.getReadOnlyProperty();
    }

    /** Why the last attempt to connect failed; empty once connected. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    public DesktopSettings settings() {
        return connector.store().load();
    }

    public void saveSettings(DesktopSettings settings) {
        connector.store().save(settings);
    }

    /** The directory of the settings file, where the dashboard keeps its other small files. */
    public Path settingsDirectory() {
        return connector.store().file().toAbsolutePath().getParent();
    }

    /** The one place the theme is kept: the shell applies it, the settings view toggles it. */
    public ReadOnlyBooleanProperty darkThemeProperty() {
        return darkTheme.getReadOnlyProperty();
    }

    public void useDarkTheme(boolean dark) {
        saveSettings(settings().withDarkTheme(dark));
        darkTheme.set(dark);
    }

    /** Calls {@code listener} with the project of every scan this app submits, on the UI thread. */
    public void onScanSubmitted(Consumer<UUID> listener) {
        scanSubmissions.add(listener);
    }

    /** The server has accepted a scan of {@code projectId} that this app submitted (called on the UI thread). */
    public void scanSubmitted(UUID projectId) {
        scanSubmissions.forEach(listener -> listener.accept(projectId));
    }

    /**
     * True while the server refuses the key the dashboard acts with (revoked or expired): the shell says so
     * and, for the embedded server, offers {@link #renewLocalKey}.
     */
    public ReadOnlyBooleanProperty keyRefusedProperty() {
        return keyRefused.getReadOnlyProperty();
    }

    /** True when a refused key can be renewed here: the dashboard runs the server and holds its system token. */
    public boolean canRenewKey() {
        Connection current = connection.get();
        return current != null ? current.isLocal() : settings().target() == DesktopSettings.Target.LOCAL;
    }

    /** The Keys page revoked the key this dashboard acts with: every request is refused from now on. */
    public void ownKeyRevoked() {
        refuseKey("This app's key is revoked");
    }

    /**
     * The server refused the key mid-session (401: revoked or expired elsewhere): the same bar as at launch,
     * once however many pages fail, until a new key or another connection is in use.
     */
    void keyRefusedByServer() {
        if (!keyRefused.get()) {
            refuseKey("The server no longer accepts this app's key (revoked or expired elsewhere); your projects, "
                    + "scans and triage are kept");
        }
    }

    private void refuseKey(String what) {
        keyRefused.set(true);
        problem.set(what + (canRenewKey() ? ": create a new one to go on." : ": enter a new key under Settings."));
    }

    /**
     * Gives the embedded server's user of the refused key a new key in the same tenant, with the server's
     * system token, and connects with it.
     */
    public void renewLocalKey(Runnable onDone, Consumer<String> onFailure) {
        replaceWith(() -> {
            closeCurrentIfLocal();
            return connector.renewLocalKey();
        }, ignored -> onDone.run(), onFailure);
    }

    /** Connects to what the settings name (at launch). */
    public void open() {
        replaceWith(connector::openSaved, ignored -> { }, ignored -> { });
    }

    /** Adopts a connection already being opened (at launch, while the UI toolkit starts). */
    public void open(CompletableFuture<Connection> opening) {
        replaceWith(opening::join, ignored -> { }, ignored -> { });
    }

    /** Switches to the embedded server and remembers that choice. */
    public void useLocal(Runnable onDone, Consumer<String> onFailure) {
        replaceWith(() -> {
            closeCurrentIfLocal();
            Connection local = connector.openLocal();
            connector.store().save(connector.store().load().withLocal());
            return local;
        }, ignored -> onDone.run(), onFailure);
    }

    /** Checks the remote URL and key first; saves them and switches only if the server accepts the key. */
    public void useRemote(URI url, String apiKey, Runnable onDone, Consumer<String> onFailure) {
        replaceWith(() -> {
            Connection remote = connector.checkRemote(url, apiKey);
            connector.store().save(connector.store().load().withRemote(url, apiKey));
            return remote;
        }, ignored -> onDone.run(), onFailure);
    }

    private void replaceWith(Callable<Connection> opening, Consumer<Connection> onDone, Consumer<String> onFailure) {
        connecting.set(true);
        tasks.submit(opening, opened -> {
            Connection previous = connection.get();
            connection.set(opened);
            connecting.set(false);
            keyRefused.set(false);
            problem.set("");
            if (previous != null && previous != opened) {
                closeQuietly(previous);
            }
            onDone.accept(opened);
        }, failure -> {
            connecting.set(false);
            keyRefused.set(KeyRefused.in(failure) || keyRefused.get() && connection.get() == null);
            // a failed switch leaves the old connection working: the status bar keeps showing it
            problem.set(connection.get() == null ? ServerErrors.describe(failure) : "");
            onFailure.accept(ServerErrors.describe(failure));
        });
    }

    /** The embedded database opens in one process at a time: the old local server must stop first. */
    private void closeCurrentIfLocal() {
        Connection current = connection.get();
        if (current != null && current.isLocal()) {
            tasks.ui(() -> connection.set(null));
            current.close();
        }
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (RuntimeException e) {
            LoggerFactory.getLogger(Session.class).warn("closing the previous connection failed", e);
        }
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;  // the window's close and the shutdown hook both come here
        }
        Connection current = connection.get();
        if (current != null) {
            closeQuietly(current);
        }
    }
}
