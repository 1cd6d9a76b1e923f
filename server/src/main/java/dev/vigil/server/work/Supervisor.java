package dev.vigil.server.work;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;

/**
 * Keeps a fixed number of platform threads running one loop each. A loop is expected to catch its failures
 * and run until the node stops; a thread whose loop ended or threw anyway is replaced by a watcher thread
 * within a second, but never sooner than {@code restartPause} after the thread it replaces started (so that a
 * loop failing at once does not spin). {@link #staffing()} counts the threads that run now.
 */
public final class Supervisor {

    private static final Logger LOG = LoggerFactory.getLogger(Supervisor.class);
    private static final Duration WATCH_INTERVAL = Duration.ofSeconds(1);

    private final String name;
    private final String what;
    private final IntFunction<Runnable> loops;
    private final Duration restartPause;
    private final Thread[] threads;
    private final long[] startedAt;
    private volatile Thread watcher;
    private volatile boolean stopping;

    /** {@code loops} gives the loop of thread {@code i}, named {@code name-i}; {@code what} names them in reports. */
    public Supervisor(String name, String what, int size, IntFunction<Runnable> loops, Duration restartPause) {
        this.name = name;
        this.what = what;
        this.loops = loops;
        this.restartPause = restartPause;
        this.threads = new Thread[size];
        this.startedAt = new long[size];
    }

    public synchronized void start() {
        for (int i = 0; i < threads.length; i++) {
            launch(i);
        }
        if (threads.length > 0) {
            watcher = Thread.ofPlatform().name(name + "-supervisor").daemon().start(this::watch);
        }
    }

    public synchronized Staffing staffing() {
        int running = 0;
        for (Thread thread : threads) {
            running += thread != null && thread.isAlive() ? 1 : 0;
        }
        return new Staffing(what, threads.length, running);
    }

    /** Replaces no thread from now on; the loops themselves must see that the node stops. */
    public void stopReplacing() {
        stopping = true;
        if (watcher != null) {
            watcher.interrupt();
        }
    }

    /** Waits until every thread has ended or the deadline ({@link System#nanoTime()}) passed; false if interrupted. */
    public boolean join(long deadlineNanos) {
        for (Thread thread : current()) {
            try {
                thread.join(Math.max(1, (deadlineNanos - System.nanoTime()) / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    /** Interrupts every thread, for loops that sleep between rounds. */
    public void interrupt() {
        for (Thread thread : current()) {
            thread.interrupt();
        }
    }

    private synchronized List<Thread> current() {
        return Arrays.stream(threads).filter(Objects::nonNull).toList();
    }

    private void launch(int slot) {
        Runnable loop = loops.apply(slot);
        startedAt[slot] = System.nanoTime();
        threads[slot] = Thread.ofPlatform().name(name + "-" + slot).daemon().start(() -> run(loop));
    }

    private void run(Runnable loop) {
        try {
            loop.run();
        } catch (Throwable failure) {
            LOG.error("thread {} stopped: {}", Thread.currentThread().getName(), Failures.describe(failure));
        } finally {
            if (!stopping) {
                LockSupport.unpark(watcher);
            }
        }
    }

    private void watch() {
        while (!stopping) {
            try {
                replaceEnded();
            } catch (Throwable failure) {
                LOG.error("cannot replace a thread of {}: {}", name, Failures.describe(failure));
            }
            LockSupport.parkNanos(WATCH_INTERVAL.toNanos());
        }
    }

    private synchronized void replaceEnded() {
        long now = System.nanoTime();
        for (int i = 0; i < threads.length && !stopping; i++) {
            if (threads[i].isAlive()) {
                continue;
            }
            if (now - startedAt[i] < restartPause.toNanos()) {
                continue;
            }
            LOG.warn("thread {}-{} had stopped; it is replaced", name, i);
            launch(i);
        }
    }
}
