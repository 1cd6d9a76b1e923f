package dev.vigil.server.ops;

import dev.vigil.model.CreatedApiKey;
import dev.vigil.model.CreatedTenant;
import dev.vigil.model.Plan;
import dev.vigil.model.Role;
import dev.vigil.model.SubscriptionStatus;
import dev.vigil.model.Tenant;
import dev.vigil.model.User;
import dev.vigil.server.access.KeyOwners;
import dev.vigil.server.api.ApiKeys;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.TenantRepository;
import dev.vigil.server.store.UserRepository;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;

/** Tenants as operators manage them: bootstrap with an Owner and the Owner's first key; subscriptions. */
public final class Tenants {

    static final Duration FIRST_KEY_LIFETIME = Duration.ofDays(364);

    private final Database database;
    private final TenantRepository tenants;
    private final UserRepository users;
    private final ApiKeys keys;
    private final KeyOwners owners;
    private final Clock clock;

    public Tenants(Database database, TenantRepository tenants, UserRepository users, ApiKeys keys, KeyOwners owners,
                   Clock clock) {
        this.database = database;
        this.tenants = tenants;
        this.users = users;
        this.keys = keys;
        this.owners = owners;
        this.clock = clock;
    }

    public CreatedTenant create(String name, String ownerEmail, Plan plan) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Tenant tenant = new Tenant(UUID.randomUUID(), name, plan, SubscriptionStatus.ACTIVE, now);
        User owner = new User(UUID.randomUUID(), ownerEmail, Role.OWNER);
        return database.inTransaction(c -> {
            tenants.insert(c, tenant);
            users.insert(c, tenant.id(), owner, now.toEpochMilli());
            CreatedApiKey key = keys.create(c, tenant.id(), owner.id(), "owner bootstrap key",
                    now.plus(FIRST_KEY_LIFETIME));
            return new CreatedTenant(tenant.id(), owner.id(), key.key());
        });
    }

    public Tenant find(UUID id) {
        return database.inTransaction(c -> tenants.find(c, id)).orElseThrow(() -> ApiException.notFound("tenant"));
    }

    public Tenant setSubscription(UUID id, Optional<Plan> plan, Optional<SubscriptionStatus> status) {
        // the keys of the tenant carry its plan and subscription: see KeyOwners#change
        return owners.change(c -> {
            Tenant current = tenants.find(c, id).orElseThrow(() -> ApiException.notFound("tenant"));
            tenants.updateSubscription(c, id, plan.orElse(current.plan()), status.orElse(current.status()));
            return tenants.find(c, id).orElseThrow();
        });
    }
}
