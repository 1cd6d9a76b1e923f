package dev.vigil.server.cli;

import dev.vigil.server.Version;
import picocli.CommandLine.Command;

/** {@code vigil}: the server, its operators' commands and the version. */
@Command(name = "vigil", mixinStandardHelpOptions = true, versionProvider = VigilCommand.VersionProvider.class,
        description = "Vigil code security scanning: dependencies, infrastructure as code and secrets.",
        subcommands = {ServeCommand.class, WorkerCommand.class, AdminCommand.class, SubmitCommand.class, AdvisoriesCommand.class,
                VersionCommand.class})
public final class VigilCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static final class VersionProvider implements picocli.CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[]{"vigil " + Version.current()};
        }
    }
}
