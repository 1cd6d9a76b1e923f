package dev.vigil.server;

import dev.vigil.server.cli.VigilCommand;
import picocli.CommandLine;

/** The {@code vigil} executable. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    public static CommandLine commandLine() {
        return new CommandLine(new VigilCommand()).setCaseInsensitiveEnumValuesAllowed(true);
    }
}
