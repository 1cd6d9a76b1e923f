package dev.vigil.desktop.connection;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where the embedded server keeps its data and where the dashboard keeps its settings: by default under
 * {@code $XDG_DATA_HOME/vigil} and {@code $XDG_CONFIG_HOME/vigil} ({@code ~/.local/share/vigil},
 * {@code ~/.config/vigil}, where {@code ~} is {@code $HOME}). A location of an older version (Java's
 * {@code user.home}, {@code ~/.vigil}) stays in use while the new one does not exist: nothing is moved
 * (docs/adr/0060-triage-undo-first-launch-and-platform.md).
 */
public record DesktopPaths(Path dataDir, Path configFile) {

    public static DesktopPaths defaults() {
        return defaults(System.getenv(), System.getProperty("user.home"));
    }

    /** The defaults for the environment {@code env}, with {@code javaHome} the JVM's {@code user.home}. */
    static DesktopPaths defaults(Map<String, String> env, String javaHome) {
        Path home = home(env, javaHome);
        Path dataHome = absolute(env.get("XDG_DATA_HOME")).orElse(home.resolve(".local").resolve("share"));
        Path configHome = absolute(env.get("XDG_CONFIG_HOME")).orElse(home.resolve(".config"));
        Path data = Optional.ofNullable(env.get("VIGIL_DATA_DIR")).filter(v -> !v.isBlank()).map(Path::of).orElseGet(() -> firstExisting(dataHome.resolve("vigil"),
                List.of(Path.of(javaHome, ".vigil"), home.resolve(".vigil"))));
        Path config = firstExisting(configHome.resolve("vigil").resolve("desktop.json"),
                List.of(Path.of(javaHome, ".config", "vigil", "desktop.json")));
        return new DesktopPaths(data, config);
    }

    /** The user's home: {@code $HOME} when set, as Linux desktop apps take it, else Java's {@code user.home}. */
    public static Path home() {
        return home(System.getenv(), System.getProperty("user.home"));
    }

    /** {@link #home()} as a file chooser's first folder; null (the chooser's own choice) when it is not a directory. */
    public static File homeFolder() {
        Path home = home();
        return Files.isDirectory(home) ? home.toFile() : null;
    }

    static Path home(Map<String, String> env, String javaHome) {
        return absolute(env.get("HOME")).orElse(Path.of(javaHome));
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

    /** {@code preferred} unless it is absent and one of the {@code older} locations exists. */
    private static Path firstExisting(Path preferred, List<Path> older) {
        if (Files.exists(preferred)) {
            return preferred;
        }
        return older.stream().filter(Files::exists).findFirst().orElse(preferred);
    }

    /** The XDG specification ignores a relative path in its variables. */
    private static Optional<Path> absolute(String value) {
        return Optional.ofNullable(value).filter(v -> !v.isBlank()).map(Path::of).filter(Path::isAbsolute);
    }
}
