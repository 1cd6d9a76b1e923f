package dev.vigil.desktop.connection;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.assertj.core.api.Assertions.assertThat;

class SettingsStoreTest {

    @TempDir
    Path directory;

    @Test
    void startsLocalWhenNothingWasSaved() {
        assertThat(new SettingsStore(directory.resolve("desktop.json")).load()).isEqualTo(DesktopSettings.initial());
    }

    @Test
    void keepsWhatWasSavedAcrossLaunches() {
        SettingsStore store = new SettingsStore(directory.resolve("vigil/desktop.json"));
        DesktopSettings saved = DesktopSettings.initial().withLocalApiKey("vgl_local")
                .withRemote(URI.create("https://vigil.example.com"), "vgl_remote").withDarkTheme(true);

        store.save(saved);

        assertThat(new SettingsStore(directory.resolve("vigil/desktop.json")).load()).isEqualTo(saved);
    }

    @Test
    void writesTheKeysReadableByTheOwnerOnly() throws Exception {
        Path file = directory.resolve("desktop.json");
        new SettingsStore(file).save(DesktopSettings.initial().withLocalApiKey("vgl_local"));

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    }

    @Test
    void neverShowsAKeyWhenPrinted() {
        DesktopSettings settings = DesktopSettings.initial().withLocalApiKey("vgl_local_secret")
                .withRemote(URI.create("https://vigil.example.com"), "vgl_remote_secret");

        assertThat(settings.toString()).doesNotContain("vgl_local_secret").doesNotContain("vgl_remote_secret");
    }
}
