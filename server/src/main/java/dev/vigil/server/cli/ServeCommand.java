package dev.vigil.server.cli;

import dev.vigil.server.ServerSettings;
import dev.vigil.server.VigilServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code vigil serve}: the API and scan workers, until interrupted. */
@Command(name = "serve", description = "Run the Vigil server: the /v1 API and scan workers.")
final class ServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    NodeOptions node;

    @Option(names = "--host", description = "Address to listen on (default: ${DEFAULT-VALUE}).", defaultValue = "127.0.0.1")
    String host;

    @Option(names = "--port", description = "Port to listen on; 0 picks a free one (default: ${DEFAULT-VALUE}).",
            defaultValue = "8080")
    int port;

    @Option(names = "--workers", description = "Scan workers on this node; 0 serves the API only (default: CPUs).")
    Integer workers;

    @Override
    public Integer call() throws InterruptedException {
        ServerSettings settings = node.settings().withHost(host).withPort(port);
        if (workers != null) {
            settings = settings.withWorkers(workers);
        }
        VigilServer server = VigilServer.start(settings);
        return NodeRunner.runUntilStopped(server, spec.commandLine().getOut(), "Vigil listening on " + server.uri());
    }
}
