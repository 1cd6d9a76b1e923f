package dev.vigil.server.access;

import dev.vigil.model.ApiKey;
import dev.vigil.model.Plan;
import dev.vigil.model.Role;
import dev.vigil.model.SubscriptionStatus;
import dev.vigil.model.Tenant;
import dev.vigil.model.User;
import dev.vigil.server.store.ApiKeyRepository;
import dev.vigil.server.store.ApiKeyRepository.KeyOwner;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.Sql;
import dev.vigil.server.store.TenantRepository;
import dev.vigil.server.store.UserRepository;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/** A tenant with one user and one API key in {@code database}, for the tests of {@link KeyOwners}. */
record KeyOwnersFixture(Database database, UUID tenantId, UUID keyId, String keyHash) {

    static final ApiKeyRepository KEYS = new ApiKeyRepository();

    static KeyOwnersFixture seed(Database database) {
        return seed(database, "hash-" + UUID.randomUUID());
    }

    static KeyOwnersFixture seed(Database database, String keyHash) {
        UUID tenantId = UUID.randomUUID();
        UUID userId = UUID.randomUUID();
        UUID keyId = UUID.randomUUID();
        Instant now = Instant.now();
        database.run(c -> {
            new TenantRepository().insert(c, new Tenant(tenantId, "acme", Plan.TEAM, SubscriptionStatus.ACTIVE, now));
            new UserRepository().insert(c, tenantId, new User(userId, "ana-" + userId + "@example.com", Role.ADMIN),
                    now.toEpochMilli());
            KEYS.insert(c, tenantId, new ApiKey(keyId, "ci", userId, "vigil_live_abc", now.plus(Duration.ofDays(30)),
                    now, null), keyHash);
        });
        return new KeyOwnersFixture(database, tenantId, keyId, keyHash);
    }

    /** Revokes the key in the database only, as a change that no node is told of would. */
    void revokeUntold() {
        database.run(c -> Sql.update(c, "UPDATE api_keys SET revoked_at = ? WHERE id = ?", 1L, keyId));
    }

    /** Takes the revocation back in the database only (no API does): a node that kept the owner would not see it. */
    void unrevokeUntold() {
        database.run(c -> Sql.update(c, "UPDATE api_keys SET revoked_at = NULL WHERE id = ?", keyId));
    }

    /** Revokes the key as the API does. */
    void revokeThrough(KeyOwners owners) {
        owners.change(c -> KEYS.revoke(c, tenantId, keyId, 2L));
    }

    static boolean revoked(KeyOwner owner) {
        return owner.revokedAt() != null;
    }
}
