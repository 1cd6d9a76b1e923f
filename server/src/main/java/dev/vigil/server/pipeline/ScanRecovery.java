package dev.vigil.server.pipeline;

import dev.vigil.model.Json;
import dev.vigil.model.ScanWarning;
import dev.vigil.server.notify.ScanEvents;
import dev.vigil.server.store.ArchiveRepository;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.ScanRepository;
import dev.vigil.server.store.ScanRow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;

/**
 * Takes back scans whose worker died: once the lease has expired the scan returns to the queue, and after
 * the third attempt it fails with a warning.
 */
public final class ScanRecovery {

    public static final int MAX_ATTEMPTS = 3;
    private static final Logger LOG = LoggerFactory.getLogger(ScanRecovery.class);

    private final Database database;
    private final ScanRepository scans;
    private final ArchiveRepository archives;
    private final ScanQueue queue;
    private final Clock clock;
    private final ScanEvents events;

    public ScanRecovery(Database database, ScanRepository scans, ArchiveRepository archives, ScanQueue queue,
                        Clock clock) {
        this(database, scans, archives, queue, clock, ScanEvents.NONE);
    }

    public ScanRecovery(Database database, ScanRepository scans, ArchiveRepository archives, ScanQueue queue,
                        Clock clock, ScanEvents events) {
        this.database = database;
        this.scans = scans;
        this.archives = archives;
        this.queue = queue;
        this.clock = clock;
        this.events = events;
    }

    /** Requeues or fails every scan whose lease has expired; returns how many it touched. */
    public int recoverExpired() {
        long now = clock.millis();
        List<ScanRow> expired = database.inTransaction(c -> scans.expired(c, now));
        int touched = 0;
        for (ScanRow scan : expired) {
            touched += database.inTransaction(c -> recover(c, scan, now)) ? 1 : 0;
        }
        if (touched > 0) {
            queue.wake();
        }
        return touched;
    }

    private boolean recover(Connection c, ScanRow scan, long now) throws SQLException {
        if (scan.attempts() < MAX_ATTEMPTS) {
            LOG.warn("scan {} lost its worker (attempt {}); it goes back to the queue", scan.id(), scan.attempts());
            return scans.requeue(c, scan.id(), now);
        }
        String warnings = Json.text(List.of(new ScanWarning("WORKER_LOST",
                "the scan was interrupted " + MAX_ATTEMPTS + " times (its worker stopped); submit it again", null)));
        LOG.warn("scan {} failed after {} attempts", scan.id(), scan.attempts());
        boolean failed = scans.fail(c, scan.id(), null, now, warnings);
        if (failed) {
            events.failed(c, scan.id(), now);
        }
        archives.delete(c, scan.id());
        return failed;
    }
}
