package dev.vigil.client;

import dev.vigil.model.ScanDetail;

import java.io.Serial;
import java.time.Duration;

/** A scan had not finished when {@link VigilClient#awaitScan} stopped waiting. */
public final class ScanTimeoutException extends RuntimeException {

    @Serial
    private static final long serialVersionUID = 1L;

    private final transient ScanDetail lastSeen;

    ScanTimeoutException(ScanDetail lastSeen, Duration waited) {
        super("scan " + lastSeen.id() + " still " + lastSeen.status().wire() + " after " + waited);
        this.lastSeen = lastSeen;
    }

    /** The scan as it was at the last poll. */
    public ScanDetail lastSeen() {
        return lastSeen;
    }
}
