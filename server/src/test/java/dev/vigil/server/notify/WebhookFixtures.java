package dev.vigil.server.notify;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilClient;
import dev.vigil.model.NewWebhook;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.model.WebhookDelivery;
import dev.vigil.model.WebhookEvent;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.outbound.OutboundGuard;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.MutableClock;
import dev.vigil.server.testing.WebhookReceiver;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the webhook tests share: a server that may call the receiver on loopback and retries quickly, a fresh
 * receiver path per webhook, scans that wait until they completed, the delivery log, and the receiver's check
 * of a signature.
 */
final class WebhookFixtures {

    static final AtomicInteger PATHS = new AtomicInteger();

    private WebhookFixtures() {
    }

    /** The settings with the clock, the receiver allowed through the outbound guard and backoffs of milliseconds. */
    static ServerSettings deliveringTo(WebhookReceiver receiver, MutableClock clock, ServerSettings s) {
        return s.withClock(clock)
                .withOutbound(OutboundGuard.allowing(receiver.authority()))
                .withPrComments(s.prComments().withBackoff(List.of(Duration.ofMillis(100), Duration.ofMillis(200)),
                        4, Duration.ofMillis(50)));
    }

    static String path() {
        return "/hook/" + PATHS.incrementAndGet();
    }

    static NewWebhook hook(WebhookReceiver receiver, String path, WebhookEvent... events) {
        return new NewWebhook(receiver.url(path), List.of(events), null, null);
    }

    static List<WebhookDelivery> log(VigilClient client, UUID webhookId) {
        return client.listDeliveries(webhookId, 100, null).data();
    }

    static ScanDetail scan(VigilClient client, Project project, String branch, Integer pr,
                           Map<String, String> files) {
        ScanSubmission submission = ScanSubmission.of(ScanArchive.of(Archives.tarGz(files)), project.id(), branch,
                "b".repeat(40), ScanType.SECRETS);
        if (pr != null) {
            submission = submission.withPrId(pr);
        }
        ScanDetail done = client.awaitScan(client.submitScan(submission).id(), Duration.ofSeconds(60));
        assertThat(done.status()).isEqualTo(ScanStatus.COMPLETED);
        return done;
    }

    /** The receiver's side: the hex HMAC-SHA256 of the raw body keyed with the secret's UTF-8 bytes. */
    static String hmac(String secret, byte[] body) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(body));
    }
}
