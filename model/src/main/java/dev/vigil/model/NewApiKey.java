package dev.vigil.model;

import java.util.UUID;

/** Body of {@code POST /v1/api-keys}: {@code expiresAt} is a date (YYYY-MM-DD) or an ISO 8601 timestamp. */
public record NewApiKey(String name, String expiresAt, UUID userId) {
}
