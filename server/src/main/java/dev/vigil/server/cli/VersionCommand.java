package dev.vigil.server.cli;

import dev.vigil.server.Version;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code vigil version}. */
@Command(name = "version", description = "Print the version of Vigil.")
final class VersionCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().getOut().println("vigil " + Version.current() + " (Java " + Runtime.version() + ")");
    }
}
