package dev.vigil.desktop;

import dev.vigil.desktop.connection.Connector;
import dev.vigil.desktop.connection.DesktopPaths;
import javafx.application.Application;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Callable;

/** {@code vigil desktop}: the triage dashboard, with its own embedded server unless set to a remote one. */
@Command(name = "desktop", description = "Open the Vigil triage dashboard (embedded server by default).")
final class DesktopCommand implements Callable<Integer> {

    @Option(names = "--data-dir", description = "Data directory of the embedded server (default: ~/.vigil, "
            + "or $VIGIL_DATA_DIR).")
    Path dataDir;

    @Option(names = "--config", description = "The dashboard's settings file (default: ~/.config/vigil/desktop.json).")
    Path config;

    @Override
    public Integer call() {
        DesktopPaths paths = DesktopPaths.defaults().withDataDir(dataDir).withConfigFile(config);
        App.paths = paths;
        // the embedded server starts while JavaFX does: together they take as long as the slower of the two
        App.opening = CompletableFuture.supplyAsync(() -> new Connector(paths).openSaved(),
                runnable -> Thread.ofVirtual().name("vigil-desktop-connect").start(runnable));
        Application.launch(App.class);
        return 0;
    }
}
