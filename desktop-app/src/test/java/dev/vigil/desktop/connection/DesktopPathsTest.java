package dev.vigil.desktop.connection;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class DesktopPathsTest {

    @TempDir
    Path root;

    @Test
    void followsTheXdgDirectoriesWhenSet() {
        DesktopPaths paths = DesktopPaths.defaults(Map.of("HOME", root.resolve("home").toString(),
                "XDG_DATA_HOME", root.resolve("data").toString(), "XDG_CONFIG_HOME", root.resolve("config").toString()),
                root.resolve("passwd-home").toString());

        assertThat(paths.dataDir()).isEqualTo(root.resolve("data/vigil"));
        assertThat(paths.configFile()).isEqualTo(root.resolve("config/vigil/desktop.json"));
    }

    @Test
    void defaultsUnderHomeNotJavasUserHome() {
        DesktopPaths paths = DesktopPaths.defaults(Map.of("HOME", root.resolve("home").toString()),
                root.resolve("passwd-home").toString());

        assertThat(paths.dataDir()).isEqualTo(root.resolve("home/.local/share/vigil"));
        assertThat(paths.configFile()).isEqualTo(root.resolve("home/.config/vigil/desktop.json"));
        assertThat(DesktopPaths.home(Map.of("HOME", root.resolve("home").toString()), "/elsewhere"))
                .isEqualTo(root.resolve("home"));
    }

    @Test
    void ignoresRelativeXdgDirectoriesAsTheSpecificationSays() {
        DesktopPaths paths = DesktopPaths.defaults(Map.of("HOME", root.toString(), "XDG_DATA_HOME", "relative/data",
                "XDG_CONFIG_HOME", "relative/config"), root.toString());

        assertThat(paths.dataDir()).isEqualTo(root.resolve(".local/share/vigil"));
        assertThat(paths.configFile()).isEqualTo(root.resolve(".config/vigil/desktop.json"));
    }

    @Test
    void keepsReadingTheOldLocationsWhileTheNewOnesDoNotExist() throws Exception {
        Path passwdHome = root.resolve("passwd-home");
        Files.createDirectories(passwdHome.resolve(".vigil"));
        Files.createDirectories(passwdHome.resolve(".config/vigil"));
        Files.writeString(passwdHome.resolve(".config/vigil/desktop.json"), "{}");
        Map<String, String> env = Map.of("HOME", root.resolve("home").toString());

        DesktopPaths old = DesktopPaths.defaults(env, passwdHome.toString());

        assertThat(old.dataDir()).isEqualTo(passwdHome.resolve(".vigil"));
        assertThat(old.configFile()).isEqualTo(passwdHome.resolve(".config/vigil/desktop.json"));

        Files.createDirectories(root.resolve("home/.local/share/vigil"));
        Files.createDirectories(root.resolve("home/.config/vigil"));
        Files.writeString(root.resolve("home/.config/vigil/desktop.json"), "{}");

        DesktopPaths moved = DesktopPaths.defaults(env, passwdHome.toString());

        assertThat(moved.dataDir()).isEqualTo(root.resolve("home/.local/share/vigil"));
        assertThat(moved.configFile()).isEqualTo(root.resolve("home/.config/vigil/desktop.json"));
    }

    @Test
    void vigilDataDirStillWins() {
        DesktopPaths paths = DesktopPaths.defaults(Map.of("HOME", root.toString(), "VIGIL_DATA_DIR",
                root.resolve("chosen").toString()), root.toString());

        assertThat(paths.dataDir()).isEqualTo(root.resolve("chosen"));
    }
}
