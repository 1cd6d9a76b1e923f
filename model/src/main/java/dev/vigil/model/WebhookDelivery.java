package dev.vigil.model;

import java.time.Instant;
import java.util.UUID;

/**
 * One delivery of an event to a webhook, as its log shows it. {@code eventId} is the {@code X-Vigil-Delivery}
 * header; a redelivery is a new delivery of the same event.
 */
public record WebhookDelivery(UUID id, UUID eventId, String event, Instant createdAt, int attempts,
                              DeliveryStatus status, Instant lastAttemptAt, Integer responseStatus, Long durationMs,
                              String error) {
}
