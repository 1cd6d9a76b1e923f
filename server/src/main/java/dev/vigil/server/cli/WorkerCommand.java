package dev.vigil.server.cli;

import dev.vigil.server.ServerSettings;
import dev.vigil.server.VigilServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * {@code vigil worker}: scan workers, housekeeping and the pull-request comment dispatcher, without the API.
 * Its listener serves only {@code /health} (live and ready) and {@code /metrics}, for the orchestrator.
 */
@Command(name = "worker", description = "Run scan workers only (no /v1 API): for nodes that share one PostgreSQL "
        + "database with API nodes. The listener serves /health and /metrics only.")
final class WorkerCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    NodeOptions node;

    @Option(names = "--host", description = "Address of the health listener (default: ${DEFAULT-VALUE}).",
            defaultValue = "127.0.0.1")
    String host;

    @Option(names = "--port", description = "Port of the health listener; 0 picks a free one (default: ${DEFAULT-VALUE}).",
            defaultValue = "8081")
    int port;

    @Option(names = "--workers", description = "Scan workers on this node, at least 1 (default: CPUs).")
    Integer workers;

    @Override
    public Integer call() throws InterruptedException {
        ServerSettings settings = node.settings().withHost(host).withPort(port);
        if (workers != null) {
            if (workers < 1) {
                throw new ParameterException(spec.commandLine(), "--workers must be at least 1 for a worker node");
            }
            settings = settings.withWorkers(workers);
        }
        VigilServer server = VigilServer.start(settings, VigilServer.Role.WORKER);
        return NodeRunner.runUntilStopped(server, spec.commandLine().getOut(), "Vigil worker running ("
                + settings.workers() + " workers); health on " + server.uri() + "/health");
    }
}
