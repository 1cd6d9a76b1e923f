package dev.vigil.desktop.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code vigil desktop} as {@code ./vigil} starts it ({@code java -jar desktop-app/target/vigil-desktop.jar}), in a
 * new JVM on the headless glass platform: the time from launch until the first findings page is on screen,
 * as the app itself logs it. The first launch creates the database, imports the bundled advisories and
 * bootstraps the local tenant; the second finds them; the third records the ahead-of-time class cache that
 * {@code ./vigil} keeps, and the fourth starts with it.
 */
final class ProcessLaunch {

    private static final Pattern FIRST_PAGE = Pattern.compile("first findings page on screen (\\d+) ms after launch");

    private ProcessLaunch() {
    }

    static void measure() throws IOException, InterruptedException {
        Path home = Files.createTempDirectory("vigil-launch");
        Path cache = home.resolve("vigil.aot");
        report("first launch (new data directory)", launchOnce(home, List.of()));
        report("second launch", launchOnce(home, List.of()));
        report("third launch, recording the AOT cache", launchOnce(home, List.of("-XX:AOTCacheOutput=" + cache)));
        report("fourth launch, with the AOT cache", launchOnce(home, List.of("-XX:AOTCache=" + cache)));
    }

    private static void report(String launch, long millis) {
        System.out.printf("process launch to first findings page, %s: %,d ms%n", launch, millis);
    }

    private static long launchOnce(Path home, List<String> options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(options);
        command.addAll(List.of("--enable-native-access=ALL-UNNAMED", "-Dglass.platform=Headless", "-Dprism.order=sw",
                "-jar", System.getProperty("vigil.desktop.jar", "desktop-app/target/vigil-desktop.jar"), "desktop",
                "--data-dir", home.resolve("data").toString(), "--config", home.resolve("desktop.json").toString()));
        Process app = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(app.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                Matcher matcher = FIRST_PAGE.matcher(line);
                if (matcher.find()) {
                    return Long.parseLong(matcher.group(1));
                }
            }
            throw new IllegalStateException("the app ended without showing findings (exit " + app.waitFor() + ")");
        } finally {
            app.destroy();
            if (!app.waitFor(60, TimeUnit.SECONDS)) {
                app.destroyForcibly();
            }
        }
    }
}
