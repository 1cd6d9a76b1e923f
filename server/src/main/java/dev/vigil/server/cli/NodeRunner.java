package dev.vigil.server.cli;

import dev.vigil.server.VigilServer;

import java.io.PrintWriter;
import java.util.concurrent.CountDownLatch;

/** Runs a started node until the process is asked to stop (SIGTERM, Ctrl-C), then stops it gracefully. */
final class NodeRunner {

    private NodeRunner() {
    }

    static int runUntilStopped(VigilServer server, PrintWriter out, String banner) throws InterruptedException {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "vigil-shutdown"));
        out.println(banner);
        out.flush();
        stopped.await();
        return 0;
    }
}
