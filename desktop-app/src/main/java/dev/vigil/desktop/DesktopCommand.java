package dev.vigil.desktop;

import dev.vigil.desktop.connection.Connector;
import dev.vigil.desktop.connection.DesktopPaths;
import javafx.application.Application;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import javax.net.ssl.SSLContext;
import java.nio.file.Path;
import java.security.NoSuchAlgorithmException;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/** {@code vigil desktop}: the triage dashboard, with its own embedded server unless set to a remote one. */
@Command(name = "desktop", description = "Open the Vigil triage dashboard (embedded server by default).")
final class DesktopCommand implements Callable<Integer> {

    @Option(names = "--data-dir", description = "Data directory of the embedded server (default: $VIGIL_DATA_DIR, "
            + "else $XDG_DATA_HOME/vigil or ~/.local/share/vigil; ~/.vigil while it alone exists).")
    Path dataDir;

    @Option(names = "--config", description = "The dashboard's settings file (default: $XDG_CONFIG_HOME/vigil/desktop.json "
            + "or ~/.config/vigil/desktop.json).")
    Path config;

    @Option(names = "--exit-when-shown", hidden = true,
            description = "Close once the first findings page is on screen: the packages' class-cache training run.")
    boolean exitWhenShown;

    @Override
    public Integer call() {
        DesktopPaths paths = DesktopPaths.defaults().withDataDir(dataDir).withConfigFile(config);
        App.paths = paths;
        App.exitWhenShown = exitWhenShown;
        // every HTTP client builds the default TLS context first, a tenth of a second: the dashboard's own is
        // built after the embedded server starts, so build it now, beside the toolkit and the database
        Thread.ofVirtual().name("vigil-tls-warm-up").start(DesktopCommand::warmUpTls);
        // the embedded server starts while JavaFX does: together they take as long as the slower of the two
        App.opening = CompletableFuture.supplyAsync(() -> new Connector(paths).openSaved(),
                runnable -> Thread.ofVirtual().name("vigil-desktop-connect").start(runnable));
        Application.launch(App.class);
        return 0;
    }

    private static void warmUpTls() {
        try {
            SSLContext.getDefault();
        } catch (NoSuchAlgorithmException e) {
            // no TLS here: remote https servers will say so when the dashboard connects to one
        }
    }
}
