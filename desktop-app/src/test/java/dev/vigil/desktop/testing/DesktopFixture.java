package dev.vigil.desktop.testing;

import dev.vigil.desktop.Dashboard;
import dev.vigil.desktop.connection.Connector;
import dev.vigil.desktop.connection.DesktopPaths;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.scans.DirectoryPicker;
import dev.vigil.desktop.shell.MainView;
import dev.vigil.desktop.shell.Page;
import dev.vigil.desktop.shell.Theme;
import dev.vigil.desktop.task.FxTaskExecutor;
import dev.vigil.model.NewApiKey;
import dev.vigil.server.testing.TestServer;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Stage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * One test's dashboard set-up ({@link DesktopTest}): a task executor on virtual threads with results on the
 * FX thread, sessions over temporary settings, and the stage's scene; everything it opened closes after the
 * test, newest first.
 */
public final class DesktopFixture implements AutoCloseable {

    /** The app's window size, and a page's alone. */
    public static final double WIDTH = 1360;
    public static final double HEIGHT = 860;

    private final FxTaskExecutor tasks = new FxTaskExecutor();
    private final Deque<AutoCloseable> opened = new ArrayDeque<>();

    DesktopFixture() {
    }

    public FxTaskExecutor tasks() {
        return tasks;
    }

    /** A session over temporary settings, switching (in the background) to {@code server} with {@code apiKey}. */
    public Session connect(URI server, String apiKey) {
        Session session = unopened();
        session.useRemote(server, apiKey, () -> { }, problem -> {
            throw new AssertionError("cannot connect: " + problem);
        });
        return session;
    }

    /** A session on {@code tenant} of {@code server} with a fresh key of its Owner. */
    public Session connect(TestServer server, TestServer.Tenant tenant) {
        String key = tenant.owner().createApiKey(new NewApiKey("desktop", LocalDate.now().plusDays(30).toString(),
                null)).key();
        return connect(server.server().uri(), key);
    }

    /** A session over temporary settings that opens nothing until told to. */
    public Session unopened() {
        return session(DesktopPaths.under(temporaryHome()));
    }

    /** A session over {@code paths} (the embedded server's data and the settings), not opened yet. */
    public Session session(DesktopPaths paths) {
        return closedAfter(new Session(new Connector(paths), tasks));
    }

    /**
     * The whole dashboard as the app opens it (embedded server, data and settings in a temporary home),
     * choosing {@code folders} for "Scan a folder…".
     */
    public LocalDashboard dashboard(Stage stage, DirectoryPicker folders) {
        DesktopPaths paths = DesktopPaths.under(temporaryHome());
        Session session = session(paths);
        Dashboard dashboard = new Dashboard(session, tasks, folders);
        dashboard.show(stage);
        session.open();
        return new LocalDashboard(session, paths, dashboard);
    }

    public LocalDashboard dashboard(Stage stage) {
        return dashboard(stage, owner -> Optional.empty());
    }

    /** {@code view} alone in the stage, {@code width}×{@code height}, in the light theme. */
    public void show(Stage stage, Node view, double width, double height) {
        Scene scene = new Scene((Parent) view, width, height);
        Theme.apply(scene, false);
        stage.setScene(scene);
        stage.show();
    }

    public void show(Stage stage, Node view) {
        show(stage, view, 1300, HEIGHT);
    }

    /** {@code pages} in the real shell (navigation, shortcuts, status bar), themed as the app is. */
    public MainView shell(Stage stage, Session session, List<Page> pages) {
        MainView main = new MainView(session, pages);
        Scene scene = new Scene(main.root(), WIDTH, HEIGHT);
        Theme.apply(scene, false);
        main.installShortcuts(scene);
        stage.setScene(scene);
        stage.show();
        return main;
    }

    /** Shows the page {@code pageId} of {@code main} once {@code session} is connected. */
    public static void showWhenConnected(Session session, MainView main, String pageId) {
        session.connectionProperty().subscribe(connection -> {
            if (connection != null) {
                main.show(pageId);
            }
        });
    }

    /** Closes {@code resource} after the test (before what was opened earlier). */
    public <T extends AutoCloseable> T closedAfter(T resource) {
        opened.push(resource);
        return resource;
    }

    private static Path temporaryHome() {
        try {
            return Files.createTempDirectory("vigil-desktop-test");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        while (!opened.isEmpty()) {
            try {
                opened.pop().close();
            } catch (Exception e) {
                throw new IllegalStateException("closing a test's session failed", e);
            }
        }
        tasks.close();
    }
}
