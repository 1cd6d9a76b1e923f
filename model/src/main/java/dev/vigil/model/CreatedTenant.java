package dev.vigil.model;

import java.util.UUID;

/** What {@code vigil admin create-tenant} prints: the Owner's first key is shown this once. */
public record CreatedTenant(UUID tenantId, UUID ownerUserId, String apiKey) {
}
