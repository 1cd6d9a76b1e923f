package dev.vigil.model;

import java.util.List;
import java.util.UUID;

/** A webhook to create; {@code projectId} null for every project of the tenant. */
public record NewWebhook(String url, List<WebhookEvent> events, WebhookFormat format, UUID projectId) {

    public NewWebhook {
        events = events == null ? null : List.copyOf(events);
    }
}
