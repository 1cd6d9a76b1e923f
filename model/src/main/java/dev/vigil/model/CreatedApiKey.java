package dev.vigil.model;

import java.time.Instant;
import java.util.UUID;

/** The answer to a key creation: {@code key} is the full key, shown this once only. */
public record CreatedApiKey(UUID id, String name, String key, UUID userId, Instant expiresAt, Instant createdAt) {

    /** Never shows the key, so that logging the record cannot leak it. */
    @Override
    public String toString() {
        return "CreatedApiKey[id=" + id + ", name=" + name + ", key=****, userId=" + userId + ", expiresAt="
                + expiresAt + ", createdAt=" + createdAt + "]";
    }
}
