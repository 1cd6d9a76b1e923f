package dev.vigil.server.access;

import dev.vigil.model.Plan;
import dev.vigil.model.Role;

import java.util.UUID;

/** Who is calling: the tenant, user and role behind the API key of the request. */
public record Caller(UUID tenantId, UUID userId, String email, Role role, Plan plan, UUID keyId) {

    public void requireRole(Role minimum, String what) {
        if (!role.atLeast(minimum)) {
            throw new InsufficientRole(what + " needs the " + minimum.wire() + " role or higher");
        }
    }
}
