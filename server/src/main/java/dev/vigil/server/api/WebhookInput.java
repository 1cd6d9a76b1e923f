package dev.vigil.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.model.NewWebhook;
import dev.vigil.model.WebhookEvent;
import dev.vigil.model.WebhookFormat;
import dev.vigil.model.WireEnum;
import dev.vigil.server.http.BodyReader;
import dev.vigil.server.outbound.OutboundGuard;
import dev.vigil.server.outbound.RefusedDestination;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Reads and checks the body of {@code POST /v1/webhooks}, reporting every problem at once (400). */
final class WebhookInput {

    private WebhookInput() {
    }

    static NewWebhook read(JsonNode body, OutboundGuard outbound) {
        BodyReader fields = new BodyReader(body);
        String urlText = fields.requiredText("url", 2000);
        List<WebhookEvent> events = events(fields);
        WebhookFormat format = fields.optionalEnum("format", WebhookFormat.class).orElse(WebhookFormat.JSON);
        Optional<UUID> projectId = fields.optionalUuid("project_id");
        URI url = urlText == null ? null : url(fields, urlText, outbound);
        fields.validate();
        return new NewWebhook(url.toString(), events, format, projectId.orElse(null));
    }

    private static List<WebhookEvent> events(BodyReader fields) {
        JsonNode node = fields.node("events");
        String expected = "must be a non-empty list of " + Arrays.stream(WebhookEvent.values()).map(WebhookEvent::wire)
                .toList();
        if (node == null || !node.isArray() || node.isEmpty() || node.size() > WebhookEvent.values().length * 2) {
            fields.addProblem("events", expected);
            return List.of();
        }
        Set<WebhookEvent> events = new LinkedHashSet<>();
        for (JsonNode element : node) {
            Optional<WebhookEvent> event = element.isTextual() ? WireEnum.parse(WebhookEvent.class, element.asText())
                    : Optional.empty();
            if (event.isEmpty()) {
                fields.addProblem("events", expected);
                return List.of();
            }
            events.add(event.get());
        }
        return List.copyOf(events);
    }

    /**
     * The url if the server may call it ({@link OutboundGuard}): https, and a host that does not resolve to an
     * internal address unless the operator allowed it; no credentials or fragment. A host that does not resolve
     * now is accepted: the guard checks it again at every delivery.
     */
    private static URI url(BodyReader fields, String text, OutboundGuard outbound) {
        String problem = "must be an https URL without credentials or fragment";
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            fields.addProblem("url", problem);
            return null;
        }
        Optional<String> refusal = outbound.refusal(uri);
        if (refusal.isPresent() || uri.getRawFragment() != null) {
            fields.addProblem("url", refusal.orElse(problem));
            return null;
        }
        try {
            return outbound.check(uri);
        } catch (RefusedDestination e) {
            fields.addProblem("url", e.getMessage());
            return null;
        } catch (UnknownHostException e) {
            return uri;
        }
    }
}
