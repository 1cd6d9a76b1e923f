package dev.vigil.desktop;

import dev.vigil.desktop.connection.Connector;
import dev.vigil.desktop.connection.DesktopPaths;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.FxTaskExecutor;
import javafx.application.Application;
import javafx.stage.Stage;

/** The JavaFX application: opens the window at once, then connects in the background. */
public final class App extends Application {

    /** Set by {@link DesktopCommand} before launch: JavaFX constructs this class itself. */
    static volatile DesktopPaths paths = DesktopPaths.defaults();

    private FxTaskExecutor tasks;
    private Session session;

    @Override
    public void start(Stage stage) {
        tasks = new FxTaskExecutor();
        session = new Session(new Connector(paths), tasks);
        new Dashboard(session, tasks).show(stage);
        session.open();
    }

    @Override
    public void stop() {
        session.close();
        tasks.close();
    }
}
