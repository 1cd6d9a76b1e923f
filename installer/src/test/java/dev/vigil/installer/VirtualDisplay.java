package dev.vigil.installer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/** An Xvfb X server on a free display, for as long as a test needs a real screen. */
final class VirtualDisplay implements AutoCloseable {

    private final Process xvfb;
    private final String name;
    private final Path directory;

    private VirtualDisplay(Process xvfb, String name, Path directory) {
        this.xvfb = xvfb;
        this.name = name;
        this.directory = directory;
    }

    /** Starts Xvfb, which picks a free display and writes its number to its standard output. */
    static VirtualDisplay start(Path directory) throws IOException {
        Process xvfb = new ProcessBuilder("Xvfb", "-displayfd", "1", "-screen", "0", "1440x900x24", "-nolisten", "tcp")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        StringBuilder number = new StringBuilder();
        for (int c = xvfb.getInputStream().read(); c >= 0 && c != '\n'; c = xvfb.getInputStream().read()) {
            number.append((char) c);
        }
        if (number.isEmpty()) {
            throw new IllegalStateException("Xvfb did not start (is the xvfb package installed? ./test installs it)");
        }
        return new VirtualDisplay(xvfb, ":" + number.toString().strip(), directory);
    }

    String name() {
        return name;
    }

    /** Waits until a top-level window whose title is {@code title} exists on this display. */
    boolean awaitWindow(String title, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Process tree = new ProcessBuilder("xwininfo", "-root", "-tree", "-display", name)
                    .redirectErrorStream(true).directory(directory.toFile()).start();
            String windows = new String(tree.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            tree.waitFor();
            if (windows.lines().anyMatch(line -> line.contains("\"" + title + "\""))) {
                return true;
            }
            Thread.sleep(500);
        }
        return false;
    }

    @Override
    public void close() throws InterruptedException {
        Processes.stop(xvfb);
    }
}
