package dev.vigil.desktop;

import picocli.CommandLine;

import java.util.Locale;

/**
 * The {@code vigil} executable of the desktop build: the server's whole command line plus {@code desktop}.
 * With no arguments it opens the dashboard where a display exists and serves headless elsewhere. Not an
 * {@code Application} itself, so that JavaFX on the class path starts
 * (docs/adr/0038-one-jar-for-dashboard-and-server.md).
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        CommandLine commandLine = dev.vigil.server.Main.commandLine()
                .addSubcommand("desktop", new DesktopCommand());
        System.exit(commandLine.execute(args.length > 0 ? args : defaultCommand()));
    }

    private static String[] defaultCommand() {
        boolean display = System.getenv("DISPLAY") != null || System.getenv("WAYLAND_DISPLAY") != null
                || !System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux");
        return new String[]{display ? "desktop" : "serve"};
    }
}
