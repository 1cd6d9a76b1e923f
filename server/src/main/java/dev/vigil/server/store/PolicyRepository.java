package dev.vigil.server.store;

import dev.vigil.model.ProjectPolicy;
import dev.vigil.model.Severity;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;

/** Blocking policies of projects; a project without a row has the defaults. */
public final class PolicyRepository {

    public Optional<ProjectPolicy> find(Connection c, UUID projectId) throws SQLException {
        return Sql.one(c, "SELECT block_severity, block_on_new_secrets FROM project_policies WHERE project_id = ?",
                row -> new ProjectPolicy(Severity.of(row.getString("block_severity")),
                        row.getBoolean("block_on_new_secrets")), projectId);
    }

    public ProjectPolicy findOrDefault(Connection c, UUID projectId) throws SQLException {
        return find(c, projectId).orElseGet(ProjectPolicy::defaults);
    }

    public void save(Connection c, UUID projectId, ProjectPolicy policy, long now) throws SQLException {
        int updated = Sql.update(c, """
                UPDATE project_policies SET block_severity = ?, block_on_new_secrets = ?, updated_at = ?
                WHERE project_id = ?
                """, policy.blockSeverity().wire(), policy.blockOnNewSecrets(), now, projectId);
        if (updated == 0) {
            Sql.update(c, """
                    INSERT INTO project_policies (project_id, block_severity, block_on_new_secrets, updated_at)
                    VALUES (?, ?, ?, ?)
                    """, projectId, policy.blockSeverity().wire(), policy.blockOnNewSecrets(), now);
        }
    }
}
