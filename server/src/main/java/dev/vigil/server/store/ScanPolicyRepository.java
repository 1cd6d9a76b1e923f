package dev.vigil.server.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;

/** The result of the repository's policy in a scan, kept as JSON beside it. */
public final class ScanPolicyRepository {

    public void save(Connection c, UUID scanId, String json) throws SQLException {
        Sql.update(c, "UPDATE scans SET policy = ? WHERE id = ?", json, scanId);
    }

    public Optional<String> find(Connection c, UUID scanId) throws SQLException {
        return Sql.one(c, "SELECT policy FROM scans WHERE id = ? AND policy IS NOT NULL",
                row -> row.getString("policy"), scanId);
    }
}
