package dev.vigil.desktop;

import dev.vigil.desktop.connection.Connection;
import dev.vigil.desktop.connection.Connector;
import dev.vigil.desktop.connection.DesktopPaths;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.shell.Links;
import dev.vigil.desktop.task.FxTaskExecutor;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;

import java.util.concurrent.CompletableFuture;

/**
 * The JavaFX application: opens the window at once and adopts the connection that {@link DesktopCommand}
 * began to open before the toolkit started, so that the embedded server starts while JavaFX does.
 */
public final class App extends Application {

    /** Set by {@link DesktopCommand} before launch: JavaFX constructs this class itself. */
    static volatile DesktopPaths paths = DesktopPaths.defaults();
    static volatile CompletableFuture<Connection> opening;
    static volatile boolean exitWhenShown;

    private FxTaskExecutor tasks;
    private Session session;

    @Override
    public void start(Stage stage) {
        Links.install(getHostServices());
        tasks = new FxTaskExecutor();
        session = new Session(new Connector(paths), tasks);
        // a logout or SIGTERM skips stop(): the embedded database must still close cleanly
        Runtime.getRuntime().addShutdownHook(new Thread(session::close, "vigil-desktop-shutdown"));
        Dashboard dashboard = new Dashboard(session, tasks);
        if (exitWhenShown) {
            dashboard.afterFirstPage(Platform::exit);
        }
        dashboard.show(stage);
        if (opening != null) {
            session.open(opening);
        } else {
            session.open();
        }
    }

    @Override
    public void stop() {
        session.close();
        tasks.close();
    }
}
