package dev.vigil.model;

import java.time.Instant;
import java.util.UUID;

/** The answer to a key creation: {@code key} is the full key, shown this once only. */
public record CreatedApiKey(UUID id, String name, String key, UUID userId, Instant expiresAt, Instant createdAt) {
}
