package dev.vigil.server.store;

import dev.vigil.model.Role;
import dev.vigil.model.User;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Users of a tenant; listed by email. */
public final class UserRepository {

    public void insert(Connection c, UUID tenantId, User user, long now) throws SQLException {
        Sql.update(c, """
                INSERT INTO users (id, tenant_id, email, role, created_at)
                VALUES (?, ?, ?, ?, ?)
                """, user.id(), tenantId, user.email(), user.role().wire(), now);
    }

    public Optional<User> find(Connection c, UUID tenantId, UUID id) throws SQLException {
        return Sql.one(c, "SELECT id, email, role FROM users WHERE tenant_id = ? AND id = ?",
                UserRepository::map, tenantId, id);
    }

    public boolean emailTaken(Connection c, UUID tenantId, String email) throws SQLException {
        return Sql.count(c, "SELECT COUNT(*) FROM users WHERE tenant_id = ? AND LOWER(email) = LOWER(?)",
                tenantId, email) > 0;
    }

    /** A page of users after {@code afterEmail} (exclusive), {@code limit + 1} rows to tell whether more follow. */
    public List<User> page(Connection c, UUID tenantId, String afterEmail, int limit) throws SQLException {
        return Sql.list(c, """
                SELECT id, email, role FROM users
                WHERE tenant_id = ? AND email > ?
                ORDER BY email
                LIMIT ?
                """, UserRepository::map, tenantId, afterEmail == null ? "" : afterEmail, limit + 1);
    }

    private static User map(ResultSet row) throws SQLException {
        return new User(Sql.uuid(row, "id"), row.getString("email"), Role.of(row.getString("role")));
    }
}
