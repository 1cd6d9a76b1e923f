package dev.vigil.server.store;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.UUID;

/**
 * Project names and user emails by id, kept on this node for the findings a page shows. Neither is ever
 * changed once written (no statement updates {@code projects.name} or {@code users.email}, and neither row is
 * deleted), so a kept name is right on every node without invalidation. A page therefore reads its findings
 * without joining {@code projects} and {@code users}; on PostgreSQL those joins cost four times the walk itself.
 */
final class DisplayNames {

    private static final int MAX_NAMES = 100_000;

    private final Cache<UUID, String> projects = Caffeine.newBuilder().maximumSize(MAX_NAMES).build();
    private final Cache<UUID, String> users = Caffeine.newBuilder().maximumSize(MAX_NAMES).build();

    /** The project's name; null when no project has that id. */
    String project(Connection c, UUID id) throws SQLException {
        return name(c, projects, "SELECT name FROM projects WHERE id = ?", id);
    }

    /** The user's email; null when no user has that id. */
    String user(Connection c, UUID id) throws SQLException {
        return name(c, users, "SELECT email FROM users WHERE id = ?", id);
    }

    private static String name(Connection c, Cache<UUID, String> kept, String sql, UUID id) throws SQLException {
        String known = kept.getIfPresent(id);
        if (known != null) {
            return known;
        }
        String name = Sql.one(c, sql, row -> row.getString(1), id).orElse(null);
        if (name != null) {
            kept.put(id, name);
        }
        return name;
    }
}
