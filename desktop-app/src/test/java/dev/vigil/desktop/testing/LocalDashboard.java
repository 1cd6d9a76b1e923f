package dev.vigil.desktop.testing;

import dev.vigil.desktop.Dashboard;
import dev.vigil.desktop.connection.Connector;
import dev.vigil.desktop.connection.DesktopPaths;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.FxTaskExecutor;
import javafx.stage.Stage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;

/** The dashboard as the app opens it (embedded server, settings in a temporary home), in a TestFX stage. */
public record LocalDashboard(Session session, FxTaskExecutor tasks, DesktopPaths paths) implements AutoCloseable {

    public static LocalDashboard show(Stage stage) {
        try {
            DesktopPaths paths = DesktopPaths.under(Files.createTempDirectory("vigil-desktop"));
            FxTaskExecutor tasks = new FxTaskExecutor();
            Session session = new Session(new Connector(paths), tasks);
            new Dashboard(session, tasks).show(stage);
            session.open();
            return new LocalDashboard(session, tasks, paths);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits for the embedded server and its Owner (the first start bootstraps them). */
    public void awaitConnection() {
        Fx.waitUntil(30, () -> session.connection() != null);
    }

    @Override
    public void close() {
        session.close();
        tasks.close();
    }
}
