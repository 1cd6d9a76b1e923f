package dev.vigil.server.notify;

import dev.vigil.model.DeliveryStatus;
import dev.vigil.model.Json;
import dev.vigil.model.WebhookFormat;
import dev.vigil.server.notify.DeliveryRepository.Claimed;
import dev.vigil.server.notify.WebhookRepository.StoredWebhook;
import dev.vigil.server.outbound.OutboundGuard;
import dev.vigil.server.pr.PrCommentSettings;
import dev.vigil.server.pr.TokenCipher;
import dev.vigil.server.store.Database;
import dev.vigil.server.work.Failures;
import dev.vigil.server.work.Periodic;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * Delivers queued events to their webhooks (docs/adr/0049-webhook-delivery-order-retry-pause.md): claims each
 * webhook's oldest due delivery with a conditional update (safe on several nodes), signs and posts it, and
 * records the outcome. A 2xx delivers; a network error, 408, 429 or 5xx is tried again on the pull-request
 * comments' schedule ({@link PrCommentSettings}); anything else, or the last attempt, fails the delivery, and
 * the {@value #PAUSE_AFTER}th failed delivery in a row pauses the webhook.
 */
public final class WebhookDispatcher implements AutoCloseable {

    static final int PAUSE_AFTER = 50;
    private static final Logger LOG = LoggerFactory.getLogger(WebhookDispatcher.class);
    private static final int BATCH = 20;
    private static final int ROUNDS = 50;

    private final Periodic scheduler = new Periodic("vigil-webhooks");
    private final Database database;
    private final WebhookRepository webhooks;
    private final DeliveryRepository deliveries;
    private final TokenCipher cipher;
    private final WebhookHttp http;
    private final PrCommentSettings settings;
    private final Clock clock;

    WebhookDispatcher(Database database, WebhookRepository webhooks, DeliveryRepository deliveries,
                      TokenCipher cipher, OutboundGuard guard, PrCommentSettings settings, Clock clock) {
        this.database = database;
        this.webhooks = webhooks;
        this.deliveries = deliveries;
        this.cipher = cipher;
        this.http = new WebhookHttp(guard, settings.timeout());
        this.settings = settings;
        this.clock = clock;
    }

    /** A dispatcher over the same tables as {@link Notifications#create()}. */
    public static WebhookDispatcher create(Database database, TokenCipher cipher, OutboundGuard guard,
                                           PrCommentSettings settings, Clock clock) {
        return new WebhookDispatcher(database, new WebhookRepository(), new DeliveryRepository(), cipher, guard,
                settings, clock);
    }

    public void start() {
        scheduler.every(settings.pollInterval(), "delivering webhook events", this::dispatchDue);
    }

    /** Delivers what is due now, round after round while a round found work; returns how many were attempted. */
    public int dispatchDue() {
        int attempted = 0;
        for (int round = 0; round < ROUNDS; round++) {
            int inRound = 0;
            for (long seq : database.inTransaction(c -> deliveries.due(c, clock.millis(), BATCH))) {
                long now = clock.millis();
                long until = now + settings.timeout().toMillis() * 4;
                Optional<Claimed> claimed = database.inTransaction(c -> deliveries.claim(c, seq, now, until));
                if (claimed.isPresent()) {
                    deliverOrGiveUp(claimed.get());
                    inRound++;
                }
            }
            attempted += inRound;
            if (inRound == 0) {
                break;
            }
        }
        return attempted;
    }

    /** A bug (not the receiver's answer) while delivering fails the delivery instead of looping. */
    private void deliverOrGiveUp(Claimed delivery) {
        try {
            deliver(delivery);
        } catch (Throwable e) {
            LOG.error("webhook delivery {} failed: {}", delivery.id(), Failures.describe(e));
            record(delivery, new WebhookHttp.Outcome(0, Optional.empty(),
                    "internal error: " + e.getClass().getSimpleName(), false), 0);
        }
    }

    private void deliver(Claimed delivery) throws IOException {
        Optional<StoredWebhook> found = database.inTransaction(c -> webhooks.find(c, delivery.webhookId()));
        if (found.isEmpty()) {
            return;
        }
        StoredWebhook webhook = found.get();
        byte[] body = webhook.format() == WebhookFormat.SLACK
                ? SlackText.body(Json.mapper().readTree(delivery.body()))
                : delivery.body().getBytes(StandardCharsets.UTF_8);
        String secret = cipher.open(webhook.id(), webhook.secretSealed());
        Map<String, String> headers = Map.of("X-Vigil-Event", delivery.event(),
                "X-Vigil-Delivery", delivery.eventId().toString(),
                Signature.HEADER, Signature.of(secret, body));
        long start = System.nanoTime();
        WebhookHttp.Outcome outcome = http.post(URI.create(webhook.url()), headers, body);
        record(delivery, outcome, Duration.ofNanos(System.nanoTime() - start).toMillis());
    }

    private void record(Claimed delivery, WebhookHttp.Outcome outcome, long durationMs) {
        long now = clock.millis();
        Integer status = outcome.status() == 0 ? null : outcome.status();
        database.run(c -> {
            if (outcome.delivered()) {
                deliveries.attempted(c, delivery.seq(), DeliveryStatus.DELIVERED, now, now, status, durationMs, null);
                webhooks.deliveredOnce(c, delivery.webhookId());
            } else if (outcome.retryable() && delivery.attempts() < settings.maxAttempts()) {
                long delay = Math.max(settings.delayAfter(delivery.attempts()).toMillis(),
                        outcome.retryAfter().map(Duration::toMillis).orElse(0L));
                deliveries.attempted(c, delivery.seq(), DeliveryStatus.PENDING, now + delay, now, status, durationMs,
                        outcome.error());
            } else {
                deliveries.attempted(c, delivery.seq(), DeliveryStatus.FAILED, now, now, status, durationMs,
                        outcome.error());
                if (webhooks.failedOnce(c, delivery.webhookId(), PAUSE_AFTER)) {
                    LOG.warn("webhook {} is paused after {} failed deliveries in a row", delivery.webhookId(),
                            PAUSE_AFTER);
                }
            }
        });
    }

    @Override
    public void close() {
        scheduler.close();
        http.close();
    }
}
