package dev.vigil.server.cli;

import dev.vigil.server.ServerSettings;
import dev.vigil.server.VigilServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** {@code vigil serve}: the API and scan workers, until interrupted. */
@Command(name = "serve", description = "Run the Vigil server: the /v1 API and scan workers.")
final class ServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--host", description = "Address to listen on (default: ${DEFAULT-VALUE}).", defaultValue = "127.0.0.1")
    String host;

    @Option(names = "--port", description = "Port to listen on; 0 picks a free one (default: ${DEFAULT-VALUE}).",
            defaultValue = "8080")
    int port;

    @Option(names = "--data-dir", description = "Data directory (default: ~/.vigil, or $VIGIL_DATA_DIR).")
    Path dataDir;

    @Option(names = "--db-url", description = "JDBC URL of the database (default: HSQLDB in the data directory; "
            + "or $VIGIL_DB_URL). PostgreSQL: jdbc:postgresql://host:5432/vigil with $VIGIL_DB_USER/$VIGIL_DB_PASSWORD.")
    String dbUrl;

    @Option(names = "--workers", description = "Scan workers on this node; 0 serves the API only (default: CPUs).")
    Integer workers;

    @Override
    public Integer call() throws InterruptedException {
        ServerSettings settings = ServerSettings.defaults(dataDir == null ? ServerSettings.defaultDataDir() : dataDir)
                .withHost(host).withPort(port);
        if (dbUrl != null) {
            settings = settings.withDatabase(dbUrl);
        }
        if (workers != null) {
            settings = settings.withWorkers(workers);
        }
        CountDownLatch stopped = new CountDownLatch(1);
        VigilServer server = VigilServer.start(settings);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "vigil-shutdown"));
        spec.commandLine().getOut().println("Vigil listening on " + server.uri());
        spec.commandLine().getOut().flush();
        stopped.await();
        return 0;
    }
}
