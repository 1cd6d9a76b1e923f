package dev.vigil.model;

/** Body of {@code PUT /system/tenants/:id/subscription}; a null field is left as it is. */
public record SubscriptionChange(Plan plan, SubscriptionStatus status) {
}
