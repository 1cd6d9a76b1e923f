package dev.vigil.server.nodes;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code vigil} node in a child JVM ({@code java -cp <test class path> dev.vigil.server.Main ...}), as an
 * operator runs it: started, killed with SIGKILL, or stopped with SIGTERM.
 */
final class NodeProcess implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("Vigil listening on (http://\\S+)");

    private final Process process;
    private final URI uri;

    private NodeProcess(Process process, URI uri) {
        this.process = process;
        this.uri = uri;
    }

    /** Starts {@code vigil serve} with {@code args} and waits until it listens; its log goes to {@code log}. */
    static NodeProcess serve(List<String> args, Map<String, String> environment, Path log) {
        List<String> command = new ArrayList<>(List.of(javaBinary(), "-Xmx384m", "-Dvigil.advisories.bundled=false",
                "-cp", classPath(), "dev.vigil.server.Main", "serve"));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(environment);
        try {
            Process process = builder.start();
            CompletableFuture<URI> listening = CompletableFuture.supplyAsync(() -> readUri(process));
            try {
                return new NodeProcess(process, listening.get(60, TimeUnit.SECONDS));
            } catch (Exception e) {
                process.destroyForcibly();
                throw new IllegalStateException("node did not start; see " + log, e);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads stdout until the banner, then keeps draining it so that the child never blocks on a full pipe. */
    private static URI readUri(Process process) {
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        try {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                Matcher matcher = LISTENING.matcher(line);
                if (matcher.find()) {
                    Thread.ofVirtual().start(() -> drain(out));
                    return URI.create(matcher.group(1));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("the node exited before listening (exit " + process.exitValue() + ")");
    }

    private static void drain(BufferedReader out) {
        try {
            while (out.readLine() != null) {
                // discarded: the node prints only its banner on stdout
            }
        } catch (IOException ignored) {
            // the node is gone
        }
    }

    URI uri() {
        return uri;
    }

    long pid() {
        return process.pid();
    }

    /** SIGKILL: no shutdown hook runs, running scans and requests are cut off. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM: the graceful stop; returns the exit code, or forces the kill after {@code seconds}. */
    int stop(int seconds) throws InterruptedException {
        process.destroy();
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        return process.exitValue();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The test JVM's class path: the server's classes and every dependency (surefire names it separately). */
    private static String classPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    }
}
