package dev.vigil.server.notify;

import dev.vigil.server.store.ScanRow;
import dev.vigil.server.triage.FindingMerger;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.UUID;

/**
 * What else a scan's end does, inside the transaction that completes or fails it (notifications queue their
 * events here, so that an event exists exactly when the scan's new state commits).
 */
public interface ScanEvents {

    /** Nothing more. */
    ScanEvents NONE = new ScanEvents() {
        @Override
        public void completed(Connection c, ScanRow scan, FindingMerger.Result result, long now) {
        }

        @Override
        public void failed(Connection c, UUID scanId, long now) {
        }
    };

    /** {@code scan} as it was claimed, completed now with {@code result}. */
    void completed(Connection c, ScanRow scan, FindingMerger.Result result, long now) throws SQLException;

    /** The scan failed now (an error while scanning, or its worker lost too often). */
    void failed(Connection c, UUID scanId, long now) throws SQLException;
}
