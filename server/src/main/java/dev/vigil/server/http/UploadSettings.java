package dev.vigil.server.http;

import java.time.Duration;
import java.util.Objects;

/**
 * How a node receives request bodies and uploads.
 *
 * @param minBytesPerSecond a body sent slower than this, averaged over {@code rateWindow} of waiting for the
 *                          client, ends with 408 REQUEST_TIMEOUT; one that sends nothing for two windows has its
 *                          connection closed
 * @param rateWindow        the time over which the rate is averaged
 * @param drainBytes        after a refusal, how much more of the body is read (and dropped) so that a client
 *                          that writes its whole body before reading still gets the answer
 * @param drainTime         how long that reading may last; past either bound the connection is closed
 * @param permitWait        how long a received upload waits for its turn to be stored before 503 SERVER_BUSY
 * @param receiving         how many uploads the node receives at once, each up to 50 MiB of disk; more are
 *                          answered 503 SERVER_BUSY at once
 * @param receivingPerTenant the same for one tenant, so that one tenant's slow uploads cannot take them all
 */
public record UploadSettings(int minBytesPerSecond, Duration rateWindow, long drainBytes, Duration drainTime,
                             Duration permitWait, int receiving, int receivingPerTenant) {

    public UploadSettings {
        Objects.requireNonNull(rateWindow, "rateWindow");
        Objects.requireNonNull(drainTime, "drainTime");
        Objects.requireNonNull(permitWait, "permitWait");
        if (minBytesPerSecond < 0 || drainBytes < 0 || !rateWindow.isPositive() || drainTime.isNegative()
                || permitWait.isNegative() || receiving < 1 || receivingPerTenant < 1) {
            throw new IllegalArgumentException("upload settings must not be negative, and the window positive");
        }
    }

    /**
     * 1 KiB/s over 30 s; 256 MiB or 30 s of draining (an archive built with node_modules); 30 s for a turn;
     * 64 uploads received at once (3.2 GiB of disk at most), 16 of one tenant.
     */
    public static UploadSettings defaults() {
        return new UploadSettings(1024, Duration.ofSeconds(30), 256L * 1024 * 1024, Duration.ofSeconds(30),
                Duration.ofSeconds(30), 64, 16);
    }

    public UploadSettings withRate(int bytesPerSecond, Duration window) {
        return new UploadSettings(bytesPerSecond, window, drainBytes, drainTime, permitWait, receiving,
                receivingPerTenant);
    }

    public UploadSettings withDrain(long bytes, Duration time) {
        return new UploadSettings(minBytesPerSecond, rateWindow, bytes, time, permitWait, receiving,
                receivingPerTenant);
    }

    public UploadSettings withPermitWait(Duration value) {
        return new UploadSettings(minBytesPerSecond, rateWindow, drainBytes, drainTime, value, receiving,
                receivingPerTenant);
    }

    public UploadSettings withReceiving(int atOnce, int perTenant) {
        return new UploadSettings(minBytesPerSecond, rateWindow, drainBytes, drainTime, permitWait, atOnce, perTenant);
    }

    long minBytesPerWindow() {
        return minBytesPerSecond * rateWindow.toMillis() / 1000;
    }
}
