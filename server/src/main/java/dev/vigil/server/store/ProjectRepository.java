package dev.vigil.server.store;

import dev.vigil.model.Project;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Projects of a tenant; listed by name. */
public final class ProjectRepository {

    private static final String SELECT = "SELECT id, name, default_branch, created_at FROM projects";

    /** Inserts the project with its findings' counts, all at zero ({@link FindingCounts}). */
    public void insert(Connection c, UUID tenantId, Project project) throws SQLException {
        Sql.update(c, """
                INSERT INTO projects (id, tenant_id, name, default_branch, created_at)
                VALUES (?, ?, ?, ?, ?)
                """, project.id(), tenantId, project.name(), project.defaultBranch(), project.createdAt().toEpochMilli());
        FindingCounts.created(c, tenantId, project.id());
    }

    public Optional<Project> find(Connection c, UUID tenantId, UUID id) throws SQLException {
        return Sql.one(c, SELECT + " WHERE tenant_id = ? AND id = ?", ProjectRepository::map, tenantId, id);
    }

    public boolean nameTaken(Connection c, UUID tenantId, String name) throws SQLException {
        return Sql.count(c, "SELECT COUNT(*) FROM projects WHERE tenant_id = ? AND name = ?", tenantId, name) > 0;
    }

    public List<Project> page(Connection c, UUID tenantId, String afterName, int limit) throws SQLException {
        return Sql.list(c, SELECT + " WHERE tenant_id = ? AND name > ? ORDER BY name LIMIT ?",
                ProjectRepository::map, tenantId, afterName == null ? "" : afterName, limit + 1);
    }

    /** Sets the default branch if the project has none yet; true when it did. */
    public boolean adoptDefaultBranch(Connection c, UUID id, String branch) throws SQLException {
        return Sql.update(c, "UPDATE projects SET default_branch = ? WHERE id = ? AND default_branch IS NULL",
                branch, id) == 1;
    }

    /** Locks the project row until the transaction ends: merges of one project run one at a time. */
    public void lockForMerge(Connection c, UUID id) throws SQLException {
        Sql.update(c, "UPDATE projects SET merge_lock = merge_lock + 1 WHERE id = ?", id);
    }

    private static Project map(ResultSet row) throws SQLException {
        return new Project(Sql.uuid(row, "id"), row.getString("name"), row.getString("default_branch"),
                Instant.ofEpochMilli(row.getLong("created_at")));
    }
}
