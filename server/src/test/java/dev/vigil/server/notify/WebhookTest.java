package dev.vigil.server.notify;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilClient;
import dev.vigil.model.CreatedWebhook;
import dev.vigil.model.DeliveryStatus;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.Json;
import dev.vigil.model.NewProject;
import dev.vigil.model.NewWebhook;
import dev.vigil.model.Project;
import dev.vigil.model.Role;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.model.StatusChange;
import dev.vigil.model.TriageAction;
import dev.vigil.model.Webhook;
import dev.vigil.model.WebhookDelivery;
import dev.vigil.model.WebhookEvent;
import dev.vigil.model.WebhookFormat;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.outbound.OutboundGuard;
import dev.vigil.server.store.FindingRepository;
import dev.vigil.server.store.ProjectRepository;
import dev.vigil.server.store.ScanRepository;
import dev.vigil.server.store.Sql;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.GitHubTokens;
import dev.vigil.server.testing.MutableClock;
import dev.vigil.server.testing.SetUpServer;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import dev.vigil.server.testing.WebhookReceiver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.vigil.server.testing.Eventually.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Webhooks end to end: real scans through the pipeline, events delivered by the outbox to a real receiver on
 * loopback (allowed through the outbound guard's list), which checks what it gets.
 */
@VigilServerTest
class WebhookTest {

    private static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final Random RANDOM = new Random(32);
    private static final AtomicInteger PATHS = new AtomicInteger();

    private static final MutableClock CLOCK = MutableClock.startingNow();
    private static final WebhookReceiver RECEIVER = new WebhookReceiver();
    private static TestServer server;

    // runs over PostgreSQL too, in the PostgreSQL suite (see TestServer)
    @SetUpServer
    static ServerSettings settings(ServerSettings s) {
        return s.withClock(CLOCK)
                .withOutbound(OutboundGuard.allowing(RECEIVER.authority()))
                .withPrComments(s.prComments().withBackoff(List.of(Duration.ofMillis(100), Duration.ofMillis(200)),
                        4, Duration.ofMillis(50)));
    }

    @AfterAll
    static void closeReceiver() {
        RECEIVER.close();
    }

    // creating, listing, refusing

    @Test
    void shouldShowTheSecretOnlyWhenTheWebhookIsCreated() throws Exception {
        VigilClient owner = server.tenant().owner();
        String path = path();
        CreatedWebhook created = owner.createWebhook(hook(path, WebhookEvent.SCAN_COMPLETED));

        assertThat(created.secret()).hasSize(43).matches("[A-Za-z0-9_-]+");
        assertThat(created.url()).isEqualTo(RECEIVER.url(path));
        assertThat(created.format()).isEqualTo(WebhookFormat.JSON);
        String listed = owner.send("GET", "/v1/webhooks", Map.of(), null).text();
        assertThat(listed).contains(created.id().toString()).doesNotContain(created.secret())
                .doesNotContain("\"secret\"");
        assertThat(owner.listWebhooks(null, null).data()).singleElement()
                .satisfies(w -> assertThat(w.paused()).isFalse());
        String sealed = server.server().database().inTransaction(c -> Sql.one(c,
                "SELECT secret_sealed FROM webhooks WHERE id = ?", row -> row.getString(1), created.id())).orElseThrow();
        assertThat(sealed).startsWith("v1:").doesNotContain(created.secret());
        assertThat(created.toString()).doesNotContain(created.secret());
    }

    @Test
    void shouldRefuseMembersWith403() {
        var tenant = server.tenant();
        VigilClient member = tenant.userWith(Role.MEMBER);
        CreatedWebhook created = tenant.owner().createWebhook(hook(path(), WebhookEvent.SCAN_COMPLETED));
        byte[] body = json(hook(path(), WebhookEvent.SCAN_COMPLETED));

        for (var response : List.of(member.send("POST", "/v1/webhooks", Map.of("Content-Type", "application/json"), body),
                member.send("GET", "/v1/webhooks", Map.of(), null),
                member.send("POST", "/v1/webhooks/" + created.id() + "/ping", Map.of(), null),
                member.send("GET", "/v1/webhooks/" + created.id() + "/deliveries", Map.of(), null),
                member.send("DELETE", "/v1/webhooks/" + created.id(), Map.of(), null))) {
            assertThat(response.status()).isEqualTo(403);
            assertThat(response.error().error()).isEqualTo("INSUFFICIENT_ROLE");
        }
        assertThat(tenant.userWith(Role.ADMIN).listWebhooks(null, null).data()).hasSize(1);
    }

    @Test
    void shouldAnswer404ForAnotherTenantsWebhookAndDelivery() {
        VigilClient owner = server.tenant().owner();
        VigilClient stranger = server.tenant().owner();
        CreatedWebhook created = owner.createWebhook(hook(path(), WebhookEvent.SCAN_COMPLETED));
        WebhookDelivery ping = owner.pingWebhook(created.id());
        String base = "/v1/webhooks/" + created.id();

        for (var response : List.of(stranger.send("POST", base + "/ping", Map.of(), null),
                stranger.send("POST", base + "/resume", Map.of(), null),
                stranger.send("GET", base + "/deliveries", Map.of(), null),
                stranger.send("POST", base + "/deliveries/" + ping.id() + "/redeliver", Map.of(), null),
                stranger.send("DELETE", base, Map.of(), null))) {
            assertThat(response.status()).isEqualTo(404);
            assertThat(response.error().error()).isEqualTo("NOT_FOUND");
        }
        assertThat(stranger.listWebhooks(null, null).data()).isEmpty();
        assertThat(owner.listWebhooks(null, null).data()).hasSize(1);
    }

    @Test
    void shouldRefuseMoreThan25WebhooksPerTenant() {
        VigilClient owner = server.tenant().owner();
        for (int i = 0; i < Webhooks.MAX_PER_TENANT; i++) {
            owner.createWebhook(hook(path(), WebhookEvent.SCAN_COMPLETED));
        }

        var response = owner.send("POST", "/v1/webhooks", Map.of("Content-Type", "application/json"),
                json(hook(path(), WebhookEvent.SCAN_COMPLETED)));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error().details()).extracting("field").containsExactly("url");
        assertThat(owner.listWebhooks(100, null).data()).hasSize(Webhooks.MAX_PER_TENANT);
    }

    @Test
    void shouldRefuseUrlsTheServerMayNotCall() {
        VigilClient owner = server.tenant().owner();
        for (String url : List.of("http://example.com/hook", "https://127.0.0.1/hook", "https://10.1.2.3/hook",
                "https://169.254.169.254/latest", "https://[::1]/hook", "https://user:pw@example.com/hook",
                "ftp://example.com/hook", "not a url")) {
            var response = owner.send("POST", "/v1/webhooks", Map.of("Content-Type", "application/json"),
                    json(Map.of("url", url, "events", List.of("scan.completed"))));

            assertThat(response.status()).as(url).isEqualTo(400);
            assertThat(response.error().error()).isEqualTo("VALIDATION_FAILED");
            assertThat(response.error().message()).isNotBlank();
            assertThat(response.error().details()).extracting("field").containsExactly("url");
        }
        var unknownEvent = owner.send("POST", "/v1/webhooks", Map.of("Content-Type", "application/json"),
                json(Map.of("url", RECEIVER.url(path()), "events", List.of("scan.exploded"))));
        assertThat(unknownEvent.status()).isEqualTo(400);
        assertThat(unknownEvent.error().details()).extracting("field").containsExactly("events");
        assertThat(owner.listWebhooks(null, null).data()).isEmpty();
    }

    // delivery

    @Test
    void shouldSignThePingAsGitHubSignsItsWebhooks() throws Exception {
        var tenant = server.tenant();
        String path = path();
        CreatedWebhook created = tenant.owner().createWebhook(hook(path, WebhookEvent.SCAN_COMPLETED));

        WebhookDelivery queued = tenant.owner().pingWebhook(created.id());
        var got = eventually(() -> RECEIVER.received(path), r -> r.size() == 1, "the ping arrives").getFirst();

        assertThat(got.header("X-Vigil-Signature")).isEqualTo("sha256=" + hmac(created.secret(), got.body()));
        assertThat(got.header("X-Vigil-Event")).isEqualTo("ping");
        assertThat(got.header("X-Vigil-Delivery")).isEqualTo(queued.eventId().toString());
        assertThat(got.header("Content-Type")).startsWith("application/json");
        JsonNode body = Json.mapper().readTree(got.body());
        assertThat(body.get("id").asText()).isEqualTo(queued.eventId().toString());
        assertThat(body.get("event").asText()).isEqualTo("ping");
        assertThat(body.get("tenant_id").asText()).isEqualTo(tenant.id().toString());
        assertThat(body.get("created_at").asText()).isNotBlank();
        assertThat(body.has("project_id")).isTrue();
        assertThat(body.get("data").get("webhook_id").asText()).isEqualTo(created.id().toString());
        WebhookDelivery logged = delivered(tenant.owner(), created.id(), queued.id());
        assertThat(logged.attempts()).isEqualTo(1);
        assertThat(logged.responseStatus()).isEqualTo(200);
        assertThat(logged.lastAttemptAt()).isNotNull();
        assertThat(logged.durationMs()).isNotNull().isNotNegative();
        assertThat(logged.error()).isNull();
    }

    @Test
    void shouldRetryA503AfterTheBackoffAndDeliverOnTheNextAttempt() throws Exception {
        VigilClient owner = server.tenant().owner();
        String path = path();
        RECEIVER.answer(path, 503);
        CreatedWebhook created = owner.createWebhook(hook(path, WebhookEvent.SCAN_COMPLETED));

        WebhookDelivery queued = owner.pingWebhook(created.id());
        WebhookDelivery retrying = eventually(() -> log(owner, created.id()).getFirst(),
                d -> d.attempts() == 1 && d.responseStatus() != null, "the first attempt is recorded");
        assertThat(retrying.status()).isEqualTo(DeliveryStatus.PENDING);
        assertThat(retrying.responseStatus()).isEqualTo(503);
        assertThat(retrying.error()).contains("503");
        Thread.sleep(300);
        assertThat(RECEIVER.received(path)).as("no retry before the clock reaches the backoff").hasSize(1);

        CLOCK.advance(Duration.ofSeconds(1));
        WebhookDelivery logged = delivered(owner, created.id(), queued.id());

        assertThat(logged.attempts()).isEqualTo(2);
        assertThat(logged.responseStatus()).isEqualTo(200);
        assertThat(RECEIVER.received(path)).hasSize(2).extracting(r -> r.header("X-Vigil-Delivery"))
                .containsOnly(queued.eventId().toString());
    }

    @Test
    void shouldEndADeliveryAtA4xxOtherThan408And429() throws Exception {
        VigilClient owner = server.tenant().owner();
        String path = path();
        RECEIVER.answer(path, 410);
        CreatedWebhook created = owner.createWebhook(hook(path, WebhookEvent.SCAN_COMPLETED));

        owner.pingWebhook(created.id());
        WebhookDelivery failed = eventually(() -> log(owner, created.id()).getFirst(),
                d -> d.status() == DeliveryStatus.FAILED, "the delivery fails");
        CLOCK.advance(Duration.ofSeconds(5));
        Thread.sleep(300);

        assertThat(failed.attempts()).isEqualTo(1);
        assertThat(failed.responseStatus()).isEqualTo(410);
        assertThat(RECEIVER.received(path)).hasSize(1);
    }

    @Test
    void shouldDeliverAWebhooksEventsInOrderEvenWhileTheFirstIsRetried() throws Exception {
        VigilClient owner = server.tenant().owner();
        String path = path();
        RECEIVER.answer(path, 429, 500);
        CreatedWebhook created = owner.createWebhook(hook(path, WebhookEvent.SCAN_COMPLETED));

        UUID first = owner.pingWebhook(created.id()).eventId();
        UUID second = owner.pingWebhook(created.id()).eventId();
        UUID third = owner.pingWebhook(created.id()).eventId();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (RECEIVER.received(path).size() < 5 && System.nanoTime() < deadline) {
            Thread.sleep(100);
            CLOCK.advance(Duration.ofSeconds(1));
        }
        eventually(() -> RECEIVER.received(path), r -> r.size() == 5, "three attempts of the first, then the rest");

        assertThat(RECEIVER.received(path)).extracting(r -> r.header("X-Vigil-Delivery")).containsExactly(
                first.toString(), first.toString(), first.toString(), second.toString(), third.toString());
    }

    @Test
    void shouldPauseAfterFiftyFailedDeliveriesInARowUntilResumed() throws Exception {
        var tenant = server.tenant();
        VigilClient owner = tenant.owner();
        Project project = owner.createProject(new NewProject("paused-" + UUID.randomUUID(), "main"));
        String path = path();
        RECEIVER.answerAlways(path, 400);
        CreatedWebhook created = owner.createWebhook(hook(path, WebhookEvent.SCAN_COMPLETED));

        for (int i = 0; i < WebhookDispatcher.PAUSE_AFTER - 1; i++) {
            owner.pingWebhook(created.id());
        }
        eventually(() -> RECEIVER.received(path), r -> r.size() == WebhookDispatcher.PAUSE_AFTER - 1,
                "49 failed deliveries");
        assertThat(owner.listWebhooks(null, null).data().getFirst().paused()).isFalse();
        owner.pingWebhook(created.id());
        Webhook paused = eventually(() -> owner.listWebhooks(null, null).data().getFirst(), Webhook::paused,
                "the 50th failure pauses the webhook");

        assertThat(paused.paused()).isTrue();
        scan(owner, project, "main", null, Map.of("a.txt", "nothing here\n"));
        Thread.sleep(200);
        assertThat(log(owner, created.id())).as("a paused webhook gets no event").allMatch(d -> d.event().equals("ping"))
                .hasSize(WebhookDispatcher.PAUSE_AFTER);

        RECEIVER.answerAlways(path, 204);
        Webhook resumed = owner.resumeWebhook(created.id());
        assertThat(resumed.paused()).isFalse();
        scan(owner, project, "main", null, Map.of("a.txt", "still nothing\n"));
        var got = eventually(() -> RECEIVER.received(path), r -> r.size() == WebhookDispatcher.PAUSE_AFTER + 1,
                "the event after resuming arrives");
        assertThat(got.getLast().header("X-Vigil-Event")).isEqualTo("scan.completed");
    }

    /**
     * The guard holds at delivery too: a webhook whose host now resolves to loopback (stored here by hand, as a
     * name that changed its address would be) is not called, and the delivery fails at once.
     */
    @Test
    void shouldNotCallAHostThatResolvesToLoopbackWhenDelivering() throws Exception {
        VigilClient owner = server.tenant().owner();
        String path = path();
        CreatedWebhook created = owner.createWebhook(hook(path, WebhookEvent.SCAN_COMPLETED));
        String port = RECEIVER.authority().substring(RECEIVER.authority().lastIndexOf(':') + 1);
        server.server().database().run(c -> Sql.update(c, "UPDATE webhooks SET url = ? WHERE id = ?",
                "https://localhost:" + port + path, created.id()));

        owner.pingWebhook(created.id());
        WebhookDelivery failed = eventually(() -> log(owner, created.id()).getFirst(),
                d -> d.status() != DeliveryStatus.PENDING, "the delivery ends");

        assertThat(failed.status()).isEqualTo(DeliveryStatus.FAILED);
        assertThat(failed.attempts()).isEqualTo(1);
        assertThat(failed.responseStatus()).isNull();
        assertThat(failed.error()).startsWith("not called").contains("loopback");
        assertThat(RECEIVER.received(path)).isEmpty();
    }

    @Test
    void shouldRedeliverTheSameEventAsANewDelivery() throws Exception {
        VigilClient owner = server.tenant().owner();
        String path = path();
        CreatedWebhook created = owner.createWebhook(hook(path, WebhookEvent.SCAN_COMPLETED));
        WebhookDelivery ping = owner.pingWebhook(created.id());
        delivered(owner, created.id(), ping.id());

        WebhookDelivery again = owner.redeliver(created.id(), ping.id());
        delivered(owner, created.id(), again.id());

        assertThat(again.id()).isNotEqualTo(ping.id());
        assertThat(again.eventId()).isEqualTo(ping.eventId());
        var got = RECEIVER.received(path);
        assertThat(got).hasSize(2);
        assertThat(got.get(1).body()).isEqualTo(got.get(0).body());
        assertThat(got.get(1).header("X-Vigil-Delivery")).isEqualTo(ping.eventId().toString());
        assertThat(log(owner, created.id())).extracting(WebhookDelivery::id).containsExactly(again.id(), ping.id());
        assertThat(owner.send("POST", "/v1/webhooks/" + created.id() + "/deliveries/" + UUID.randomUUID()
                + "/redeliver", Map.of(), null).status()).isEqualTo(404);
    }

    @Test
    void shouldForgetADeletedWebhookAndItsDeliveries() throws Exception {
        VigilClient owner = server.tenant().owner();
        CreatedWebhook created = owner.createWebhook(hook(path(), WebhookEvent.SCAN_COMPLETED));
        owner.pingWebhook(created.id());

        owner.deleteWebhook(created.id());

        assertThat(owner.listWebhooks(null, null).data()).isEmpty();
        assertThat(owner.send("GET", "/v1/webhooks/" + created.id() + "/deliveries", Map.of(), null).status())
                .isEqualTo(404);
        assertThat(owner.send("DELETE", "/v1/webhooks/" + created.id(), Map.of(), null).status()).isEqualTo(404);
    }

    // events

    @Test
    void shouldSendTheScanAndItsNewAndRegressedFindingsOnlyToTheProjectsWebhook() throws Exception {
        VigilClient owner = server.tenant().owner();
        Project project = owner.createProject(new NewProject("events-" + UUID.randomUUID(), "main"));
        Project other = owner.createProject(new NewProject("other-" + UUID.randomUUID(), "main"));
        String path = path();
        String otherPath = path();
        CreatedWebhook created = owner.createWebhook(new NewWebhook(RECEIVER.url(path), List.of(
                WebhookEvent.SCAN_COMPLETED, WebhookEvent.FINDING_NEW, WebhookEvent.FINDING_REGRESSED),
                WebhookFormat.JSON, project.id()));
        owner.createWebhook(new NewWebhook(RECEIVER.url(otherPath), List.of(WebhookEvent.SCAN_COMPLETED),
                WebhookFormat.JSON, other.id()));
        String secret = githubToken();

        ScanDetail opened = scan(owner, project, "main", null, Map.of("c.env", "TOKEN=" + secret + "\n"));
        var got = eventually(() -> RECEIVER.received(path), r -> r.size() == 2, "scan.completed and finding.new");

        assertThat(got).extracting(r -> r.header("X-Vigil-Event")).containsExactly("scan.completed", "finding.new");
        JsonNode completed = Json.mapper().readTree(got.get(0).body());
        assertThat(completed.get("project_id").asText()).isEqualTo(project.id().toString());
        assertThat(completed.get("data").get("id").asText()).isEqualTo(opened.id().toString());
        assertThat(completed.get("data").get("status").asText()).isEqualTo("completed");
        assertThat(completed.get("data").get("critical_count").asInt()).isEqualTo(1);
        assertThat(completed.get("data").get("scan_warnings").isArray()).isTrue();
        JsonNode newFindings = Json.mapper().readTree(got.get(1).body()).get("data");
        assertThat(newFindings.get("scan_id").asText()).isEqualTo(opened.id().toString());
        assertThat(newFindings.get("total").asInt()).isEqualTo(1);
        JsonNode finding = newFindings.get("findings").get(0);
        assertThat(finding.get("severity").asText()).isEqualTo("critical");
        assertThat(finding.get("status").asText()).isEqualTo("open");
        assertThat(finding.get("location").asText()).isEqualTo("c.env:1");
        assertThat(finding.has("fingerprint") && finding.has("rule_id") && finding.has("sla_deadline")).isTrue();
        assertThat(got.get(1).text()).doesNotContain(secret);

        scan(owner, project, "main", null, Map.of("c.env", "TOKEN=gone\n"));
        scan(owner, project, "main", null, Map.of("c.env", "TOKEN=" + secret + "\n"));
        got = eventually(() -> RECEIVER.received(path), r -> r.size() == 5, "two more scans, one regression");

        assertThat(got).extracting(r -> r.header("X-Vigil-Event")).containsExactly("scan.completed", "finding.new",
                "scan.completed", "scan.completed", "finding.regressed");
        JsonNode regressed = Json.mapper().readTree(got.get(4).body()).get("data");
        assertThat(regressed.get("findings").get(0).get("id").asText()).isEqualTo(finding.get("id").asText());
        assertThat(RECEIVER.received(otherPath)).as("the other project's webhook").isEmpty();
        assertThat(log(owner, created.id())).hasSize(5).allMatch(d -> d.status() == DeliveryStatus.DELIVERED);
    }

    @Test
    void shouldNotAnnounceAsNewAFindingTheRepositoryPolicyClosed() throws Exception {
        VigilClient owner = server.tenant().owner();
        Project project = owner.createProject(new NewProject("policy-" + UUID.randomUUID(), "main"));
        String path = path();
        owner.createWebhook(new NewWebhook(RECEIVER.url(path), List.of(WebhookEvent.SCAN_COMPLETED,
                WebhookEvent.FINDING_NEW), WebhookFormat.JSON, project.id()));

        scan(owner, project, "main", null, Map.of("kept.env", "TOKEN=" + githubToken() + "\n",
                "fixture.env", "# vigil:ignore revoked token kept as a test fixture\nTOKEN=" + githubToken() + "\n"));
        var got = eventually(() -> RECEIVER.received(path), r -> r.size() == 2, "scan.completed and finding.new");

        JsonNode newFindings = Json.mapper().readTree(got.get(1).body()).get("data");
        assertThat(newFindings.get("total").asInt()).isEqualTo(1);
        assertThat(newFindings.get("findings").get(0).get("location").asText()).isEqualTo("kept.env:1");
    }

    @Test
    void shouldPostABlockedPullRequestToSlackAsTextWithoutLinks() throws Exception {
        VigilClient owner = server.tenant().owner();
        Project project = owner.createProject(new NewProject("slack-" + UUID.randomUUID(), "main"));
        String path = path();
        CreatedWebhook created = owner.createWebhook(new NewWebhook(RECEIVER.url(path),
                List.of(WebhookEvent.PR_BLOCKED), WebhookFormat.SLACK, null));
        StringBuilder files = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            files.append("TOKEN_").append(i).append('=').append(githubToken()).append('\n');
        }

        scan(owner, project, "feature", 7, Map.of("a<b>&c.env", files.toString()));
        var got = eventually(() -> RECEIVER.received(path), r -> r.size() == 1, "pr.blocked").getFirst();

        assertThat(got.header("X-Vigil-Event")).isEqualTo("pr.blocked");
        assertThat(got.header("X-Vigil-Signature")).isEqualTo("sha256=" + hmac(created.secret(), got.body()));
        JsonNode body = Json.mapper().readTree(got.body());
        assertThat(body.fieldNames()).toIterable().containsExactly("text");
        String text = body.get("text").asText();
        assertThat(text.lines().findFirst().orElseThrow()).contains("pull request #7").contains(project.name())
                .contains("blocked by 12 findings");
        assertThat(text.lines().filter(l -> l.startsWith("• "))).hasSize(10)
                .allMatch(l -> l.startsWith("• critical: "));
        assertThat(text).contains("… and 2 more").doesNotContain("<").contains("a&lt;b&gt;&amp;c.env:");
    }

    @Test
    void shouldReportSlaBreachesOnceADayAndExpiringAcceptancesOncePerFinding() throws Exception {
        VigilClient owner = server.tenant().owner();
        Project project = owner.createProject(new NewProject("sla-" + UUID.randomUUID(), "main"));
        String path = path();
        owner.createWebhook(new NewWebhook(RECEIVER.url(path), List.of(WebhookEvent.SLA_BREACHED,
                WebhookEvent.ACCEPTANCE_EXPIRING), WebhookFormat.JSON, project.id()));
        scan(owner, project, "main", null, Map.of("a.env", "A=" + githubToken() + "\n",
                "b.env", "B=" + githubToken() + "\n"));
        List<Finding> found = owner.findings().list(FindingFilter.none().withProject(project.id()), 10, null).data();
        assertThat(found).hasSize(2);
        Finding accepted = found.get(0);
        Finding open = found.get(1);
        LocalDate today = LocalDate.ofInstant(CLOCK.instant(), ZoneOffset.UTC);
        owner.changeStatus(accepted.id(), new StatusChange(TriageAction.ACCEPT, "vendor fix due", today.plusDays(10)));
        var database = server.server().database();
        var findings = new FindingRepository(database.dialect());
        var expiring = ExpiringAcceptances.create(database, new ProjectRepository(), findings, CLOCK);
        var sla = SlaBreaches.create(database, new ProjectRepository(), findings, CLOCK);

        expiring.run();
        sla.run();
        Thread.sleep(200);
        assertThat(RECEIVER.received(path)).as("no acceptance ends within 7 days, no SLA ran out").isEmpty();

        CLOCK.advance(Duration.ofDays(8));
        for (int i = 0; i < 2; i++) {
            sla.run();
            expiring.run();
        }
        var got = eventually(() -> RECEIVER.received(path), r -> r.size() == 2, "sla.breached, acceptance.expiring");
        Thread.sleep(200);
        assertThat(RECEIVER.received(path)).hasSize(2);

        JsonNode notice = event(got, "acceptance.expiring").get("data").get("finding");
        assertThat(notice.get("id").asText()).isEqualTo(accepted.id().toString());
        assertThat(notice.get("accepted_until").asText()).isEqualTo(today.plusDays(10).toString());
        JsonNode breached = event(got, "sla.breached").get("data");
        assertThat(breached.get("total").asInt()).isEqualTo(1);
        assertThat(breached.get("findings").get(0).get("id").asText()).isEqualTo(open.id().toString());
        assertThat(breached.get("findings").get(0).get("sla_breached").asBoolean()).isTrue();

        CLOCK.advance(Duration.ofDays(1));
        sla.run();
        expiring.run();
        Thread.sleep(200);
        assertThat(RECEIVER.received(path)).as("nothing new ran out since yesterday, one notice per acceptance")
                .hasSize(2);
    }

    @Test
    void shouldSendScanFailedWhenAScanLosesItsWorkerTooOften() throws Exception {
        String path = path();
        try (TestServer idle = TestServer.start(s -> s.withWorkers(0)
                .withOutbound(OutboundGuard.allowing(RECEIVER.authority()))
                .withPrComments(s.prComments().withBackoff(List.of(Duration.ofMillis(100)), 2,
                        Duration.ofMillis(50))))) {
            VigilClient owner = idle.tenant().owner();
            Project project = owner.createProject(new NewProject("failing-" + UUID.randomUUID(), "main"));
            owner.createWebhook(hook(path, WebhookEvent.SCAN_FAILED, WebhookEvent.SCAN_COMPLETED));
            UUID scanId = owner.submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(Map.of("a.txt", "x\n"))),
                    project.id(), "main", "c".repeat(40), ScanType.SECRETS)).id();
            var scans = new ScanRepository();
            var database = idle.server().database();

            for (int attempt = 0; attempt < 10 && owner.getScan(scanId).status() != ScanStatus.FAILED; attempt++) {
                long now = System.currentTimeMillis();
                database.run(c -> scans.claim(c, scanId, "dead/0", now - 60_000, now - 30_000));
                eventually(() -> owner.getScan(scanId).status(), s -> s != ScanStatus.RUNNING,
                        "the lost worker's scan is recovered");
            }

            var got = eventually(() -> RECEIVER.received(path), r -> r.size() == 1, "scan.failed").getFirst();
            assertThat(got.header("X-Vigil-Event")).isEqualTo("scan.failed");
            JsonNode data = Json.mapper().readTree(got.body()).get("data");
            assertThat(data.get("id").asText()).isEqualTo(scanId.toString());
            assertThat(data.get("status").asText()).isEqualTo("failed");
            assertThat(data.get("scan_warnings").get(0).get("code").asText()).isEqualTo("WORKER_LOST");
        }
    }

    private static JsonNode event(List<WebhookReceiver.Received> received, String name) throws IOException {
        return Json.mapper().readTree(received.stream().filter(r -> r.header("X-Vigil-Event").equals(name))
                .findFirst().orElseThrow().body());
    }

    // helpers

    private static byte[] json(Object body) {
        try {
            return Json.mapper().writeValueAsBytes(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String path() {
        return "/hook/" + PATHS.incrementAndGet();
    }

    private static NewWebhook hook(String path, WebhookEvent... events) {
        return new NewWebhook(RECEIVER.url(path), List.of(events), null, null);
    }

    private static List<WebhookDelivery> log(VigilClient client, UUID webhookId) {
        return client.listDeliveries(webhookId, 100, null).data();
    }

    private static WebhookDelivery delivered(VigilClient client, UUID webhookId, UUID deliveryId)
            throws InterruptedException {
        return eventually(() -> log(client, webhookId).stream().filter(d -> d.id().equals(deliveryId)).findFirst()
                .orElseThrow(), d -> d.status() == DeliveryStatus.DELIVERED, "delivery " + deliveryId);
    }

    private static ScanDetail scan(VigilClient client, Project project, String branch, Integer pr,
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

    private static String githubToken() {
        StringBuilder token = new StringBuilder("ghp_");
        for (int i = 0; i < 36; i++) {
            token.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return GitHubTokens.withChecksum(token.toString());
    }

    /** The receiver's side: the hex HMAC-SHA256 of the raw body keyed with the secret's UTF-8 bytes. */
    private static String hmac(String secret, byte[] body) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(body));
    }
}
