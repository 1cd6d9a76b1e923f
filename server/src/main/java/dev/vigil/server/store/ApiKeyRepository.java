package dev.vigil.server.store;

import dev.vigil.model.ApiKey;
import dev.vigil.model.Plan;
import dev.vigil.model.Role;
import dev.vigil.model.SubscriptionStatus;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** API keys: only the SHA-256 of a key is stored, never the key. */
public final class ApiKeyRepository {

    /** What authentication needs to know about the key of a request. */
    public record KeyOwner(UUID keyId, UUID tenantId, UUID userId, String email, Role role, Plan plan,
                           SubscriptionStatus subscription, long expiresAt, Long revokedAt) {
    }

    public void insert(Connection c, UUID tenantId, ApiKey key, String keyHash) throws SQLException {
        Sql.update(c, """
                INSERT INTO api_keys (
                    id,
                    tenant_id,
                    user_id,
                    name,
                    prefix,
                    key_hash,
                    expires_at,
                    created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, key.id(), tenantId, key.userId(), key.name(), key.prefix(), keyHash,
                key.expiresAt().toEpochMilli(), key.createdAt().toEpochMilli());
    }

    public Optional<KeyOwner> findOwner(Connection c, String keyHash) throws SQLException {
        return Sql.one(c, """
                SELECT k.id, k.tenant_id, k.user_id, u.email, u.role, t.plan, t.status, k.expires_at, k.revoked_at
                FROM api_keys k
                JOIN users u ON u.id = k.user_id
                JOIN tenants t ON t.id = k.tenant_id
                WHERE k.key_hash = ?
                """, row -> new KeyOwner(Sql.uuid(row, "id"), Sql.uuid(row, "tenant_id"), Sql.uuid(row, "user_id"),
                row.getString("email"), Role.of(row.getString("role")), Plan.of(row.getString("plan")),
                SubscriptionStatus.of(row.getString("status")), row.getLong("expires_at"),
                Sql.nullableLong(row, "revoked_at")), keyHash);
    }

    public Optional<ApiKey> find(Connection c, UUID tenantId, UUID id) throws SQLException {
        return Sql.one(c, SELECT + " WHERE tenant_id = ? AND id = ?", ApiKeyRepository::map, tenantId, id);
    }

    /** The role of the user whose key this is; empty when the tenant has no such key. */
    public Optional<Role> ownerRole(Connection c, UUID tenantId, UUID id) throws SQLException {
        return Sql.one(c, """
                SELECT u.role
                FROM api_keys k
                JOIN users u ON u.id = k.user_id
                WHERE k.tenant_id = ? AND k.id = ?
                """, row -> Role.of(row.getString("role")), tenantId, id);
    }

    /** Newest first, keyset on (created_at, id); {@code limit + 1} rows. */
    public List<ApiKey> page(Connection c, UUID tenantId, Long beforeCreatedAt, UUID beforeId, int limit)
            throws SQLException {
        if (beforeCreatedAt == null) {
            return Sql.list(c, SELECT + " WHERE tenant_id = ? ORDER BY created_at DESC, id DESC LIMIT ?",
                    ApiKeyRepository::map, tenantId, limit + 1);
        }
        return Sql.list(c, SELECT + """
                 WHERE tenant_id = ? AND (created_at < ? OR (created_at = ? AND id < ?))
                ORDER BY created_at DESC, id DESC LIMIT ?
                """, ApiKeyRepository::map, tenantId, beforeCreatedAt, beforeCreatedAt, beforeId, limit + 1);
    }

    public boolean revoke(Connection c, UUID tenantId, UUID id, long now) throws SQLException {
        return Sql.update(c, "UPDATE api_keys SET revoked_at = ? WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL",
                now, tenantId, id) == 1;
    }

    private static final String SELECT =
            "SELECT id, name, user_id, prefix, expires_at, created_at, revoked_at FROM api_keys";

    private static ApiKey map(ResultSet row) throws SQLException {
        Long revoked = Sql.nullableLong(row, "revoked_at");
        return new ApiKey(Sql.uuid(row, "id"), row.getString("name"), Sql.uuid(row, "user_id"),
                row.getString("prefix"), Instant.ofEpochMilli(row.getLong("expires_at")),
                Instant.ofEpochMilli(row.getLong("created_at")), revoked == null ? null : Instant.ofEpochMilli(revoked));
    }
}
