package dev.vigil.server.triage;

import dev.vigil.server.scan.Detection;
import dev.vigil.server.store.FindingCounts;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Predicate;

/** The decisions' step in a default-branch merge: applies them to the project's findings (decisions.Decisions, wired by the server). */
@FunctionalInterface
public interface DecisionMerge {

    DecisionMerge NONE = (c, tenantId, projectId, now, counts) -> { };

    void apply(Connection c, UUID tenantId, UUID projectId, long now, FindingCounts.Changes counts)
            throws SQLException;

    /** The detections of a pull-request scan that a live decision covers: neither introduced nor blocking. */
    default Predicate<Detection> covering(Connection c, UUID tenantId, UUID projectId, long now)
            throws SQLException {
        return detection -> false;
    }
}
