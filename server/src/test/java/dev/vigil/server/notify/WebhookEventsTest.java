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
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.model.StatusChange;
import dev.vigil.model.TriageAction;
import dev.vigil.model.WebhookEvent;
import dev.vigil.model.WebhookFormat;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.outbound.OutboundGuard;
import dev.vigil.server.store.FindingRepository;
import dev.vigil.server.store.ProjectRepository;
import dev.vigil.server.store.ScanRepository;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.GitHubTokens;
import dev.vigil.server.testing.MutableClock;
import dev.vigil.server.testing.SetUpServer;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import dev.vigil.server.testing.WebhookReceiver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

import static dev.vigil.server.notify.WebhookFixtures.deliveringTo;
import static dev.vigil.server.notify.WebhookFixtures.hmac;
import static dev.vigil.server.notify.WebhookFixtures.log;
import static dev.vigil.server.notify.WebhookFixtures.path;
import static dev.vigil.server.notify.WebhookFixtures.scan;
import static dev.vigil.server.testing.Eventually.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The events webhooks announce, from real scans through the pipeline: a project's scans and their new and
 * regressed findings, a blocked pull request in Slack's format, SLA breaches and expiring acceptances, and a
 * scan that failed.
 */
@VigilServerTest
class WebhookEventsTest {

    private static final Random RANDOM = new Random(32);

    private static final MutableClock CLOCK = MutableClock.startingNow();
    private static final WebhookReceiver RECEIVER = new WebhookReceiver();
    private static TestServer server;

    // runs over PostgreSQL too, in the PostgreSQL suite (see TestServer)
    @SetUpServer
    static ServerSettings settings(ServerSettings s) {
        return deliveringTo(RECEIVER, CLOCK, s);
    }

    @AfterAll
    static void closeReceiver() {
        RECEIVER.close();
    }

    private static NewWebhook hook(String path, WebhookEvent... events) {
        return WebhookFixtures.hook(RECEIVER, path, events);
    }

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

    private static String githubToken() {
        return GitHubTokens.random(RANDOM);
    }
}
