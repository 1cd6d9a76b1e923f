package dev.vigil.model;

import java.time.Instant;
import java.util.UUID;

/** An API key as listed: never its value. {@code revokedAt} is null while it is live. */
public record ApiKey(UUID id, String name, UUID userId, String prefix, Instant expiresAt, Instant createdAt,
                     Instant revokedAt) {
}
