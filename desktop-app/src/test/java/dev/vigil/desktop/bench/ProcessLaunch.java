package dev.vigil.desktop.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The dashboard launched as a process: the time from launch until the first findings page is on screen, as
 * the app itself logs it. {@link #measure} runs {@code vigil desktop} as {@code ./vigil} starts it ({@code java
 * -jar desktop-app/target/vigil-desktop.jar}) on the headless glass platform: the first launch creates the
 * database, imports the bundled advisories and bootstraps the local tenant; the second finds them; the third
 * records the ahead-of-time class cache that {@code ./vigil} keeps, and the fourth starts with it.
 * {@link #measurePackaged} runs the packaged app's launcher, which starts with the class cache trained when
 * the package was built.
 */
final class ProcessLaunch {

    private static final Pattern FIRST_PAGE = Pattern.compile("first findings page on screen (\\d+) ms after launch");

    private ProcessLaunch() {
    }

    static void measure() throws IOException, InterruptedException {
        Path home = Files.createTempDirectory("vigil-launch");
        Path cache = home.resolve("vigil.aot");
        report("first launch (new data directory)", launchJar(home, List.of()));
        report("second launch", launchJar(home, List.of()));
        report("third launch, recording the AOT cache", launchJar(home, List.of("-XX:AOTCacheOutput=" + cache)));
        report("fourth launch, with the AOT cache", launchJar(home, List.of("-XX:AOTCache=" + cache)));
    }

    /**
     * The app image's {@code launcher} (installer/target/image): a first launch, then {@code launches} more on
     * the same data, with their median. Under the X display of {@code DISPLAY} when there is one (GTK, as
     * users run it), else on the headless glass platform.
     */
    static void measurePackaged(Path launcher, int launches) throws IOException, InterruptedException {
        Path home = Files.createTempDirectory("vigil-launch-packaged");
        boolean display = System.getenv("DISPLAY") != null;
        Map<String, String> environment = display ? Map.of()
                : Map.of("JAVA_TOOL_OPTIONS", "-Dglass.platform=Headless -Dprism.order=sw");
        System.out.printf("packaged app %s, %s%n", launcher, display ? "on DISPLAY " + System.getenv("DISPLAY")
                : "on the headless glass platform");
        report("packaged, first launch (new data directory)", launch(desktop(List.of(launcher.toString()), home),
                environment));
        List<Long> later = new ArrayList<>();
        for (int i = 0; i < launches; i++) {
            later.add(launch(desktop(List.of(launcher.toString()), home), environment));
        }
        System.out.printf("process launch to first findings page, packaged, %d later launches: %s ms; median %,d ms%n",
                launches, later, later.stream().sorted().toList().get(launches / 2));
    }

    private static void report(String launch, long millis) {
        System.out.printf("process launch to first findings page, %s: %,d ms%n", launch, millis);
    }

    private static long launchJar(Path home, List<String> options) throws IOException, InterruptedException {
        List<String> java = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        java.addAll(options);
        java.addAll(List.of("--enable-native-access=ALL-UNNAMED", "-Dglass.platform=Headless", "-Dprism.order=sw",
                "-jar", System.getProperty("vigil.desktop.jar", "desktop-app/target/vigil-desktop.jar")));
        return launch(desktop(java, home), Map.of());
    }

    private static List<String> desktop(List<String> launcher, Path home) {
        List<String> command = new ArrayList<>(launcher);
        command.addAll(List.of("desktop", "--data-dir", home.resolve("data").toString(),
                "--config", home.resolve("desktop.json").toString()));
        return command;
    }

    private static long launch(List<String> command, Map<String, String> environment)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process app = builder.start();
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
