package dev.vigil.installer;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The .deb as a user gets it: unpacked, then its `vigil` run headless and its dashboard opened under Xvfb. */
class InstalledDebIT {

    private static final Map<String, String> CACHE_REQUIRED = Map.of("JAVA_TOOL_OPTIONS", "-XX:AOTMode=on");
    private static final Pattern FIRST_PAGE = Pattern.compile("first findings page on screen (\\d+) ms after launch");

    @TempDir
    static Path scratch;

    private static InstalledPackage installed;

    @BeforeAll
    static void unpack() throws Exception {
        installed = InstalledPackage.unpack(scratch);
        System.out.printf("package %s: %.1f MB; installed %.1f MB%n", installed.deb().getFileName(),
                Files.size(installed.deb()) / 1e6, installed.sizeOnDisk() / 1e6);
    }

    @Test
    void printsItsVersionWithTheBundledRuntime() throws Exception {
        String output = Processes.run(List.of(installed.launcher().toString(), "version"), scratch, 60);

        assertThat(output).startsWith("vigil ").contains("(Java 25");
    }

    @Test
    void startsFromTheClassCacheTrainedAtBuildTime() throws Exception {
        // AOTMode=on: the JVM refuses to start unless it can use the cache the launcher names
        String output = Processes.run(List.of(installed.launcher().toString(), "version"), CACHE_REQUIRED, scratch, 60);

        assertThat(output).contains("vigil ");
        assertThat(installed.appDirectory().resolve("lib/app/vigil.aot")).isNotEmptyFile();
    }

    @Test
    void postinstGivesTheJarsTheTimeTheCacheWasTrainedWith() throws Exception {
        String postinst = installed.controlScript("postinst");

        assertThat(postinst).contains("cache_epoch=" + InstalledPackage.cacheEpoch())
                .contains("find /opt/vigil/lib/app -name '*.jar' -exec touch -d \"@$cache_epoch\" {} +");
    }

    @Test
    void showsTheFirstFindingsOnFirstAndLaterLaunchesWithTheCache(@TempDir Path home) throws Exception {
        // the later launch loads classes the first one did not (an existing database), from the cache and not
        try (VirtualDisplay display = VirtualDisplay.start(scratch)) {
            Map<String, String> environment = new HashMap<>(CACHE_REQUIRED);
            environment.putAll(Map.of("DISPLAY", display.name(), "HOME", home.toString()));
            List<String> desktop = List.of(installed.launcher().toString(), "desktop", "--exit-when-shown",
                    "--data-dir", home.resolve("data").toString(),
                    "--config", home.resolve("config/desktop.json").toString());
            for (String launch : List.of("first", "second")) {
                String output = Processes.run(desktop, environment, home, 120);

                Matcher shown = FIRST_PAGE.matcher(output);
                assertThat(shown.find()).as("%s launch: the first findings page on screen; its log:%n%s", launch,
                        output).isTrue();
                System.out.printf("installed dashboard, %s launch under Xvfb: first findings page after %s ms%n",
                        launch, shown.group(1));
            }
        }
    }

    @Test
    void servesHealthFromATemporaryDataDirectory(@TempDir Path data) throws Exception {
        Map<Path, FileTime> before = snapshot(installed.appDirectory());
        Process server = new ProcessBuilder(installed.launcher().toString(), "serve", "--port", "0", "--data-dir",
                data.toString(), "--workers", "1").redirectErrorStream(true).start();
        try {
            String listening = Processes.firstLine(server, line -> line.startsWith("Vigil listening on "));
            URI health = URI.create(listening.substring("Vigil listening on ".length()).strip() + "/health");

            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(health)
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(data.resolve("db")).isDirectory();
        } finally {
            Processes.stop(server);
        }
        assertThat(snapshot(installed.appDirectory())).as("nothing written to the install location").isEqualTo(before);
    }

    @Test
    void opensTheDashboardWindowUnderXvfb(@TempDir Path home) throws Exception {
        try (VirtualDisplay display = VirtualDisplay.start(scratch)) {
            Process desktop = Processes.start(List.of(installed.launcher().toString(), "desktop",
                            "--data-dir", home.resolve("data").toString(),
                            "--config", home.resolve("config/desktop.json").toString()),
                    Map.of("DISPLAY", display.name(), "HOME", home.toString()), home.resolve("desktop.log"));
            try {
                boolean shown = display.awaitWindow("Vigil", Duration.ofSeconds(90));
                assertThat(shown).as("a window titled Vigil; the app's log:%n%s", log(home)).isTrue();
                assertThat(desktop.isAlive()).isTrue();
            } finally {
                Processes.stop(desktop);
            }
        }
    }

    private static String log(Path home) throws IOException {
        Path file = home.resolve("desktop.log");
        return Files.exists(file) ? Files.readString(file) : "(none)";
    }

    /** Every file under {@code directory} with its modification time. */
    private static Map<Path, FileTime> snapshot(Path directory) throws IOException {
        try (var files = Files.walk(directory)) {
            Map<Path, FileTime> times = new TreeMap<>();
            for (Path file : files.toList()) {
                times.put(file, Files.getLastModifiedTime(file));
            }
            return times;
        }
    }
}
