package dev.vigil.model;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A webhook as listed: never its secret. A paused webhook gets no event until it is resumed. */
public record Webhook(UUID id, String url, List<WebhookEvent> events, WebhookFormat format, UUID projectId,
                      boolean paused, Instant createdAt) {

    public Webhook {
        events = List.copyOf(events);
    }
}
