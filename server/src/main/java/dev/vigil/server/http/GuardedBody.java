package dev.vigil.server.http;

import io.helidon.common.buffers.DataReader;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * A request body as its handler reads it, held to a minimum rate: the time spent waiting for the client is
 * summed, and each {@link UploadSettings#rateWindow()} of it must bring {@link UploadSettings#minBytesPerWindow()}
 * bytes, else reading fails with {@link TooSlow}. Time the server spends elsewhere does not count against the
 * client. A read that waits two windows without a byte is interrupted by {@link #watch()}, which closes the
 * connection (virtual threads' sockets close when interrupted).
 */
final class GuardedBody extends FilterInputStream {

    /** The client sent slower than the minimum rate; carries the 408 that {@link ErrorMapping} answers. */
    static final class TooSlow extends IOException {
        TooSlow(UploadSettings settings) {
            super("request body sent slower than the minimum rate", new ApiException(408, "REQUEST_TIMEOUT",
                    "the request body came slower than " + settings.minBytesPerSecond() + " bytes/s over "
                            + settings.rateWindow().toSeconds() + " s"));
        }
    }

    /** The client ended its body early (closed its side of the connection); carries a 400. */
    static final class EndedEarly extends IOException {
        EndedEarly(RuntimeException cause) {
            super("request body ended before its end", ApiException.validation("body",
                    "ended before its declared length or last chunk"));
            addSuppressed(cause);
        }
    }

    private final UploadSettings settings;
    private final Thread reader;
    private final long window;
    private long waitedInWindow;
    private long bytesInWindow;
    private long readSince;
    private boolean reading;
    private boolean stopped;
    private boolean slow;
    private boolean ended;
    private boolean draining;
    private long deadline;
    private long count;
    private boolean attached;

    GuardedBody(UploadSettings settings, Thread reader) {
        super(InputStream.nullInputStream());
        this.settings = settings;
        this.reader = reader;
        this.window = settings.rateWindow().toNanos();
    }

    /** Takes the entity stream Helidon hands to the request's stream filter. */
    synchronized InputStream attach(InputStream entity) {
        this.in = entity;
        attached = true;
        return this;
    }

    /** Whether the handler asked for the entity. */
    synchronized boolean attached() {
        return attached;
    }

    /** Bytes read so far. */
    synchronized long count() {
        return count;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        begin();
        int n = 0;
        try {
            n = super.read(buffer, offset, length);
        } catch (DataReader.InsufficientDataAvailableException e) {
            throw new EndedEarly(e);
        } finally {
            end(n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        return Math.max(0, read(new byte[(int) Math.min(8192, Math.max(0, n))]));
    }

    private synchronized void begin() throws TooSlow {
        if (slow) {
            throw new TooSlow(settings);
        }
        reading = true;
        readSince = System.nanoTime();
    }

    private synchronized void end(int n) throws TooSlow {
        reading = false;
        ended |= n < 0;
        bytesInWindow += Math.max(n, 0);
        count += Math.max(n, 0);
        waitedInWindow += System.nanoTime() - readSince;
        if (stopped) {
            Thread.interrupted(); // the watch's interrupt ends here, not in the handler's later work
            slow = true;
        } else if (waitedInWindow >= window) {
            slow = bytesInWindow < settings.minBytesPerWindow();
            waitedInWindow = 0;
            bytesInWindow = 0;
        }
        if (slow) {
            throw new TooSlow(settings);
        }
    }

    /** Called now and then by another thread: interrupts a read that has waited two windows or past a drain. */
    synchronized void watch() {
        long now = System.nanoTime();
        boolean silent = waitedInWindow + now - readSince >= 2 * window;
        if (reading && !stopped && (silent || draining && now - deadline > 0)) {
            stopped = true;
            reader.interrupt();
        }
    }

    /** Ends the watch; a watch that fired after the last read leaves no interrupt behind. */
    synchronized void release() {
        if (stopped && !reading) {
            Thread.interrupted();
        }
        stopped = true;
    }

    synchronized boolean slow() {
        return slow;
    }

    /**
     * Reads and drops the rest of the body, up to {@link UploadSettings#drainBytes()} and for at most
     * {@link UploadSettings#drainTime()}; true when the body ended within them.
     */
    boolean drain() {
        synchronized (this) {
            if (ended) {
                return true;
            }
            deadline = System.nanoTime() + settings.drainTime().toNanos();
            draining = true;
        }
        byte[] buffer = new byte[1 << 16];
        long left = settings.drainBytes();
        try {
            while (left >= 0 && System.nanoTime() - deadline < 0) {
                int n = read(buffer, 0, (int) Math.min(buffer.length, left + 1));
                if (n < 0) {
                    return true;
                }
                left -= n;
            }
            return false;
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }
}
