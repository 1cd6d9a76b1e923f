package dev.vigil.server.pipeline;

import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SourceFile;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;

/**
 * Feeds each session of a scan on a thread of its own, so that inflating the archive (on the worker's thread)
 * and each engine run at once rather than in turn. Each lane takes files in archive order from a queue bounded
 * by bytes ({@link #LANE_BYTES}, a larger file passing alone), so that a slow engine holds back the archive pass
 * rather than filling the heap. A session is still used by one thread only; each lane gets its own
 * {@link SourceFile} over the shared, read-only bytes, since a file caches its decoded text and the worker's
 * thread reads the original for the repository's policy.
 */
final class ScanLanes implements AutoCloseable {

    /** Bytes of files waiting in one lane. */
    static final int LANE_BYTES = 16 << 20;
    private static final SourceFile END = new SourceFile("", new byte[0]);

    private final List<Lane> lanes = new ArrayList<>();

    ScanLanes(List<? extends Scanner.Session> sessions) {
        for (Scanner.Session session : sessions) {
            lanes.add(new Lane(session));
        }
        lanes.forEach(lane -> lane.thread.start());
    }

    /** Hands {@code file} to every lane, waiting while a lane holds {@link #LANE_BYTES} already. */
    void offer(SourceFile file) {
        for (Lane lane : lanes) {
            lane.put(file.copy());
        }
    }

    /** Waits until every lane has scanned every file offered; rethrows what a lane's thread threw. */
    void awaitScanned() {
        lanes.forEach(lane -> lane.put(END));
        for (Lane lane : lanes) {
            lane.join();
        }
    }

    /** Stops the lanes without waiting for their files, when the pass itself failed. */
    @Override
    public void close() {
        lanes.forEach(lane -> lane.thread.interrupt());
    }

    private static final class Lane {
        private final Scanner.Session session;
        private final BlockingQueue<SourceFile> files = new ArrayBlockingQueue<>(4096);
        private final Semaphore bytes = new Semaphore(LANE_BYTES);
        private final Thread thread;
        private volatile Throwable failure;

        Lane(Scanner.Session session) {
            this.session = session;
            this.thread = Thread.ofPlatform().name("vigil-scan-lane").daemon().unstarted(this::run);
        }

        void put(SourceFile file) {
            try {
                bytes.acquire(weight(file));
                files.put(file);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while handing a file to a scan lane", e);
            }
        }

        private void run() {
            try {
                for (SourceFile file = files.take(); file != END; file = files.take()) {
                    bytes.release(weight(file));
                    session.scan(file);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Throwable e) {
                failure = e;
                drain();
            }
        }

        /** After a failure, keeps taking files so that the archive pass is not left waiting. */
        private void drain() {
            try {
                for (SourceFile file = files.take(); file != END; file = files.take()) {
                    bytes.release(weight(file));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        void join() {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for a scan lane", e);
            }
            if (failure != null) {
                throw new IllegalStateException("a scan lane failed", failure);
            }
        }

        private static int weight(SourceFile file) {
            return Math.max(1, Math.min(file.size(), LANE_BYTES));
        }
    }
}
