package dev.vigil.model;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** The answer to a webhook's creation: {@code secret} signs its deliveries and is shown this once only. */
public record CreatedWebhook(UUID id, String url, List<WebhookEvent> events, WebhookFormat format, UUID projectId,
                             String secret, Instant createdAt) {

    public CreatedWebhook {
        events = List.copyOf(events);
    }

    /** Never shows the secret, so that logging the record cannot leak it. */
    @Override
    public String toString() {
        return "CreatedWebhook[id=" + id + ", url=" + url + ", events=" + events + ", format=" + format
                + ", projectId=" + projectId + ", secret=****, createdAt=" + createdAt + "]";
    }
}
