package dev.vigil.desktop.connection;

import dev.vigil.server.ServerSettings;

import java.nio.file.Path;

/** Where the embedded server keeps its data and where the dashboard keeps its settings. */
public record DesktopPaths(Path dataDir, Path configFile) {

    public static DesktopPaths defaults() {
        String xdg = System.getenv("XDG_CONFIG_HOME");
        Path configHome = xdg != null && !xdg.isBlank() ? Path.of(xdg)
                : Path.of(System.getProperty("user.home"), ".config");
        return new DesktopPaths(ServerSettings.defaultDataDir(), configHome.resolve("vigil").resolve("desktop.json"));
    }

    /** Data and settings together under one directory (tests, a portable install). */
    public static DesktopPaths under(Path home) {
        return new DesktopPaths(home.resolve("data"), home.resolve("config").resolve("desktop.json"));
    }

    public DesktopPaths withDataDir(Path value) {
        return value == null ? this : new DesktopPaths(value, configFile);
    }

    public DesktopPaths withConfigFile(Path value) {
        return value == null ? this : new DesktopPaths(dataDir, value);
    }
}
