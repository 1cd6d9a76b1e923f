package dev.vigil.server.store;

import dev.vigil.model.Plan;
import dev.vigil.model.SubscriptionStatus;
import dev.vigil.model.Tenant;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** Tenants and their subscription. */
public final class TenantRepository {

    public void insert(Connection c, Tenant tenant) throws SQLException {
        Sql.update(c, """
                INSERT INTO tenants (id, name, plan, status, created_at)
                VALUES (?, ?, ?, ?, ?)
                """, tenant.id(), tenant.name(), tenant.plan().wire(), tenant.status().wire(),
                tenant.createdAt().toEpochMilli());
    }

    public Optional<Tenant> find(Connection c, UUID id) throws SQLException {
        return Sql.one(c, "SELECT id, name, plan, status, created_at FROM tenants WHERE id = ?",
                TenantRepository::map, id);
    }

    public void updateSubscription(Connection c, UUID id, Plan plan, SubscriptionStatus status) throws SQLException {
        Sql.update(c, "UPDATE tenants SET plan = ?, status = ? WHERE id = ?", plan.wire(), status.wire(), id);
    }

    /**
     * Takes the tenant's submission lock until the transaction ends: the row lock serialises the
     * rate-limit check of concurrent submissions on every node.
     */
    public void lockSubmissions(Connection c, UUID id) throws SQLException {
        Sql.update(c, "UPDATE tenants SET submission_lock = submission_lock + 1 WHERE id = ?", id);
    }

    private static Tenant map(ResultSet row) throws SQLException {
        return new Tenant(Sql.uuid(row, "id"), row.getString("name"), Plan.of(row.getString("plan")),
                SubscriptionStatus.of(row.getString("status")), Instant.ofEpochMilli(row.getLong("created_at")));
    }
}
