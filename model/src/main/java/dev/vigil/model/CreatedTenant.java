package dev.vigil.model;

import java.util.UUID;

/** What {@code vigil admin create-tenant} prints: the Owner's first key is shown this once. */
public record CreatedTenant(UUID tenantId, UUID ownerUserId, String apiKey) {

    /** Never shows the key, so that logging the record cannot leak it. */
    @Override
    public String toString() {
        return "CreatedTenant[tenantId=" + tenantId + ", ownerUserId=" + ownerUserId + ", apiKey=****]";
    }
}
