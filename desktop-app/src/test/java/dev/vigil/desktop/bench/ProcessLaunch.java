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
 * {@code vigil desktop} as a user starts it, in a new JVM on the headless glass platform: the time from
 * launch until the first findings page is on screen, as the app itself logs it. The first launch creates
 * the database, imports the bundled advisories and bootstraps the local tenant; the second finds them.
 */
final class ProcessLaunch {

    private static final Pattern FIRST_PAGE = Pattern.compile("first findings page on screen (\\d+) ms after launch");

    private ProcessLaunch() {
    }

    static void measure() throws IOException, InterruptedException {
        Path home = Files.createTempDirectory("vigil-launch");
        for (String launch : List.of("first launch (new data directory)", "second launch")) {
            long millis = launchOnce(home);
            System.out.printf("process launch to first findings page, %s: %,d ms%n", launch, millis);
        }
    }

    private static long launchOnce(Path home) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-Dglass.platform=Headless", "-Dprism.order=sw",
                "-cp", System.getProperty("java.class.path"), "dev.vigil.desktop.Main", "desktop",
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
