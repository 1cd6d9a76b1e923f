package dev.vigil.model;

/** Body of {@code POST /system/tenants}. */
public record NewTenant(String name, String ownerEmail, Plan plan) {
}
