package dev.vigil.model;

import java.time.Instant;
import java.util.UUID;

/** A tenant as the operators' system API shows it. */
public record Tenant(UUID id, String name, Plan plan, SubscriptionStatus status, Instant createdAt) {
}
