package dev.vigil.server.bench;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Runs the machine's own tools for the benchmarks: the floor ({@code grep}, {@code tar}) and the peers. */
final class Commands {

    /** How a command ended: its exit code, what it printed, and its wall time. */
    record Result(int exit, String output, double seconds) {
    }

    private Commands() {
    }

    static Result run(List<String> command) throws IOException, InterruptedException {
        Result result = run(command, 10, TimeUnit.MINUTES);
        if (result.exit() != 0) {
            throw new IOException(String.join(" ", command) + " exited with " + result.exit() + ": "
                    + result.output().lines().limit(5).toList());
        }
        return result;
    }

    /** Runs {@code command}, its output (standard error merged in) kept in a temporary file. */
    static Result run(List<String> command, long timeout, TimeUnit unit) throws IOException, InterruptedException {
        File output = File.createTempFile("vigil-bench-command", ".out");
        try {
            long start = System.nanoTime();
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(output).start();
            if (!process.waitFor(timeout, unit)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new IOException(String.join(" ", command) + " ran past " + timeout + " " + unit);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            return new Result(process.exitValue(), Files.readString(output.toPath(), StandardCharsets.UTF_8), seconds);
        } finally {
            Files.deleteIfExists(output.toPath());
        }
    }

    static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
