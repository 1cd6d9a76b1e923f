package dev.vigil.server.pipeline;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Wakes this node's idle workers when a scan is submitted here. Workers also poll the database, so scans
 * submitted on other nodes are picked up within the poll interval.
 */
public final class ScanQueue {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition submitted = lock.newCondition();
    private long generation;

    public void wake() {
        lock.lock();
        try {
            generation++;
            submitted.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Waits until {@link #wake()} or the timeout; returns at once if woken since {@code seen}. */
    public void await(long seen, long timeoutMillis) throws InterruptedException {
        lock.lock();
        try {
            if (generation == seen) {
                submitted.await(timeoutMillis, TimeUnit.MILLISECONDS);
            }
        } finally {
            lock.unlock();
        }
    }

    public long generation() {
        lock.lock();
        try {
            return generation;
        } finally {
            lock.unlock();
        }
    }
}
