package dev.vigil.installer;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** Child processes for the package tests: run to the end, or start and wait for a line of output. */
final class Processes {

    private Processes() {
    }

    /** Runs {@code command} to its end and returns its output; fails on a non-zero exit or a timeout. */
    static String run(List<String> command, Path directory, int timeoutSeconds) throws IOException, InterruptedException {
        return run(command, Map.of(), directory, timeoutSeconds);
    }

    /** {@link #run(List, Path, int)} with {@code environment} added to this process's. */
    static String run(List<String> command, Map<String, String> environment, Path directory, int timeoutSeconds)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process process = builder.start();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(command + " did not end within " + timeoutSeconds + " s");
        }
        String text = new String(output, StandardCharsets.UTF_8);
        if (process.exitValue() != 0) {
            throw new AssertionError(command + " exited " + process.exitValue() + ":\n" + text);
        }
        return text;
    }

    static Process start(List<String> command, Map<String, String> environment, Path log) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        return builder.start();
    }

    /** Starts {@code command} and returns the first line of its standard output that {@code wanted} accepts. */
    static String firstLine(Process process, Predicate<String> wanted) throws IOException {
        BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (wanted.test(line)) {
                return line;
            }
        }
        throw new AssertionError("the process ended without the expected line (exit " + process.exitValue() + ")");
    }

    static void stop(Process process) throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
