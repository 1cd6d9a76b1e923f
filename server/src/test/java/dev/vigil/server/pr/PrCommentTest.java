package dev.vigil.server.pr;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilClient;
import dev.vigil.model.NewProject;
import dev.vigil.model.Plan;
import dev.vigil.model.Project;
import dev.vigil.model.ProjectPolicy;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.model.ScmIntegrationUpdate;
import dev.vigil.model.ScmProvider;
import dev.vigil.model.Severity;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.outbound.OutboundGuard;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.PrCommentRepository;
import dev.vigil.server.store.ProjectRepository;
import dev.vigil.server.store.ScanRepository;
import dev.vigil.server.store.ScmRepository;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.GitHubTokens;
import dev.vigil.server.testing.SetUpServer;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pull-request comments end to end: real scans through the pipeline and the secrets engine, delivered by the
 * outbox to a real HTTP server on loopback standing in for GitHub and GitLab.
 */
@VigilServerTest
class PrCommentTest {

    private static final String TOKEN = "scm-token-" + UUID.randomUUID();
    private static final Random RANDOM = new Random(7);
    private static final List<String> LOGS = Collections.synchronizedList(new ArrayList<>());
    private static final Handler CAPTURE = new Handler() {
        private final SimpleFormatter formatter = new SimpleFormatter();

        @Override
        public void publish(LogRecord record) {
            LOGS.add(formatter.format(record));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    private static TestServer server;
    private static TestServer.Tenant tenant;
    private static FakeScm scm;

    /** The stand-in provider starts first: the server is told to allow it. */
    @SetUpServer
    static ServerSettings settings(ServerSettings s) {
        Logger.getLogger("").addHandler(CAPTURE);
        scm = new FakeScm(TOKEN);
        // runs over PostgreSQL too, in the PostgreSQL suite (see TestServer)
        return s.withOutbound(OutboundGuard.allowing(scm.authority()))
                .withPrComments(s.prComments().withBackoff(
                List.of(Duration.ofMillis(100), Duration.ofMillis(200)), 4, Duration.ofMillis(50)));
    }

    @AfterAll
    static void stop() {
        scm.close();
        Logger.getLogger("").removeHandler(CAPTURE);
    }

    private static String githubToken() {
        return GitHubTokens.random(RANDOM);
    }

    private static Project githubProject(String repository, String token) {
        Project project = tenant.owner().createProject(new NewProject("gh-" + UUID.randomUUID(), "main"));
        tenant.owner().setScmIntegration(project.id(), new ScmIntegrationUpdate(ScmProvider.GITHUB,
                scm.githubUrl(), repository, token));
        return project;
    }

    private static ScanDetail scan(VigilClient client, Project project, int pr, List<String> changed,
                                   Map<String, String> files) {
        ScanSubmission submission = ScanSubmission.of(ScanArchive.of(Archives.tarGz(files)), project.id(),
                "feature", "a".repeat(40), ScanType.SECRETS).withPrId(pr);
        if (changed != null) {
            submission = submission.withChangedFiles(changed);
        }
        ScanDetail done = client.awaitScan(client.submitScan(submission).id(), Duration.ofSeconds(60));
        assertThat(done.status()).isEqualTo(ScanStatus.COMPLETED);
        return done;
    }

    /** Polls the scan until its comment is no longer pending. */
    private static ScanDetail delivered(VigilClient client, UUID scanId) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        ScanDetail scan = client.getScan(scanId);
        while (scan.prComment().status().equals("pending") && System.nanoTime() < deadline) {
            Thread.sleep(50);
            scan = client.getScan(scanId);
        }
        return scan;
    }

    private static Map<String, String> files(String... pathsAndContents) {
        Map<String, String> files = new LinkedHashMap<>();
        for (int i = 0; i < pathsAndContents.length; i += 2) {
            files.put(pathsAndContents[i], pathsAndContents[i + 1]);
        }
        return files;
    }

    private static void assertTokenNowhere(Project project, UUID scanId) {
        var responses = List.of(
                tenant.owner().send("GET", "/v1/scans/" + scanId, Map.of(), null),
                tenant.owner().send("GET", "/v1/projects/" + project.id() + "/scm", Map.of(), null),
                tenant.owner().send("GET", "/v1/scans?include=all", Map.of(), null),
                tenant.owner().send("GET", "/v1/projects/" + project.id(), Map.of(), null));
        for (var response : responses) {
            assertThat(response.text()).doesNotContain(TOKEN);
            response.headers().values().forEach(v -> assertThat(String.join(",", v)).doesNotContain(TOKEN));
        }
        synchronized (LOGS) {
            assertThat(LOGS).isNotEmpty().noneMatch(line -> line.contains(TOKEN));
        }
    }

    @Test
    void shouldCreateTheGitHubCommentAndUpdateItOnTheNextScanOfThePullRequest() throws Exception {
        Project project = githubProject("acme/shop", TOKEN);
        String secret = githubToken();

        ScanDetail first = delivered(tenant.owner(), scan(tenant.owner(), project, 12, List.of("c.env"),
                files("c.env", "TOKEN=" + secret + "\n")).id());

        assertThat(first.prComment().status()).isEqualTo("posted");
        assertThat(first.prComment().error()).isNull();
        Map<Long, String> comments = scm.comments("acme/shop#12");
        assertThat(comments).hasSize(1);
        long id = comments.keySet().iterator().next();
        assertThat(first.prComment().url()).isEqualTo("https://github.example/acme/shop/pull/12#issuecomment-" + id);
        String body = comments.get(id);
        assertThat(body).startsWith("<!-- vigil:pr-comment project=" + project.id() + " pr=12 -->")
                .contains("Vigil: blocked").contains("**blocks**").contains("`c.env:1`")
                .contains("**critical**").doesNotContain(secret);
        var post = scm.writes().stream().filter(r -> r.rawPath().equals("/repos/acme/shop/issues/12/comments"))
                .findFirst().orElseThrow();
        assertThat(post.method()).isEqualTo("POST");
        assertThat(post.header("Authorization")).isEqualTo("Bearer " + TOKEN);
        assertThat(post.header("X-GitHub-Api-Version")).isEqualTo("2022-11-28");

        ScanDetail second = delivered(tenant.owner(), scan(tenant.owner(), project, 12, List.of("c.env"),
                files("c.env", "nothing secret any more\n")).id());

        assertThat(second.prComment().status()).isEqualTo("posted");
        assertThat(scm.comments("acme/shop#12")).hasSize(1).containsKey(id);
        assertThat(scm.comments("acme/shop#12").get(id)).contains("Vigil: not blocked")
                .contains("No finding is introduced");
        assertThat(scm.writes()).filteredOn(r -> r.rawPath().equals("/repos/acme/shop/issues/comments/" + id))
                .singleElement().satisfies(r -> assertThat(r.method()).isEqualTo("PATCH"));
        assertTokenNowhere(project, second.id());
    }

    /**
     * Two nodes and one pull request: while this server's dispatcher delivers the first scan's comment (the
     * provider holds its first request), the second scan of the pull request completes, and another node's
     * dispatcher looks for due comments. It must leave the second comment until the first is delivered;
     * otherwise both find no comment yet and create one each, and the older scan's may be the one left.
     */
    @Test
    void shouldDeliverThePullRequestsCommentsOneAtATimeAcrossNodes() throws Exception {
        Project project = githubProject("acme/nodes", TOKEN);
        FakeScm.Hold hold = scm.holdNext();
        try (PrCommentDispatcher otherNode = otherNode()) {
            ScanDetail first = scan(tenant.owner(), project, 21, List.of("n.env"),
                    files("n.env", "N=" + githubToken() + "\n"));
            hold.awaitArrival();
            ScanDetail second = scan(tenant.owner(), project, 21, List.of("n.env"), files("n.env", "no secret\n"));

            assertThat(otherNode.dispatchDue()).isZero();

            hold.release();
            assertThat(delivered(tenant.owner(), second.id()).prComment().status()).isEqualTo("posted");
            assertThat(tenant.owner().getScan(first.id()).prComment().status()).isEqualTo("superseded");
            assertThat(scm.comments("acme/nodes#21").values()).singleElement().asString()
                    .contains("Vigil: not blocked").contains("No finding is introduced");
        } finally {
            hold.release();
        }
    }

    /** A dispatcher of another node over the same database, as {@code vigil serve} builds it. */
    private static PrCommentDispatcher otherNode() {
        Database database = server.server().database();
        PrCommentSettings settings = ServerSettings.defaults(server.dataDir()).prComments();
        var scms = new ScmRepository();
        var integrations = new ScmIntegrations(database, new ProjectRepository(), scms,
                TokenCipher.load(settings.secretKey(), server.dataDir()), Clock.systemUTC());
        return new PrCommentDispatcher(database, new ScanRepository(), scms, new PrCommentRepository(), integrations,
                PrCommentDispatcher.publishers(settings, OutboundGuard.allowing(scm.authority())), settings,
                Clock.systemUTC());
    }

    @Test
    void shouldCreateAndUpdateTheGitLabMergeRequestNote() throws Exception {
        Project project = tenant.owner().createProject(new NewProject("gl-" + UUID.randomUUID(), "main"));
        tenant.owner().setScmIntegration(project.id(), new ScmIntegrationUpdate(ScmProvider.GITLAB,
                scm.gitlabUrl(), "group/app", TOKEN));

        ScanDetail first = delivered(tenant.owner(), scan(tenant.owner(), project, 7, null,
                files("k.env", "K=" + githubToken() + "\n")).id());
        ScanDetail second = delivered(tenant.owner(), scan(tenant.owner(), project, 7, null,
                files("k.env", "K=" + githubToken() + "\n", "l.env", "L=" + githubToken() + "\n")).id());

        Map<Long, String> notes = scm.comments("group%2Fapp!7");
        assertThat(notes).hasSize(1);
        long id = notes.keySet().iterator().next();
        assertThat(first.prComment().url()).isEqualTo("https://gitlab.example/mr/7#note_" + id);
        assertThat(second.prComment().status()).isEqualTo("posted");
        assertThat(notes.get(id)).contains("Introduced findings (2)").contains("`l.env:1`")
                .contains("Technical debt is reported when the scan is given its changed files");
        var writes = scm.writes().stream().filter(r -> r.rawPath().startsWith("/api/v4/projects/group%2Fapp/"))
                .toList();
        assertThat(writes).extracting(FakeScm.Recorded::method).containsExactly("POST", "PUT");
        assertThat(writes).allSatisfy(r -> assertThat(r.header("PRIVATE-TOKEN")).isEqualTo(TOKEN));
        assertTokenNowhere(project, second.id());
    }

    @Test
    void shouldRetryWhenTheProviderAnswers500() throws Exception {
        Project project = githubProject("acme/flaky", TOKEN);
        scm.failNext(500, 502);

        ScanDetail scan = delivered(tenant.owner(), scan(tenant.owner(), project, 3, List.of("x.env"),
                files("x.env", "X=" + githubToken() + "\n")).id());

        assertThat(scan.prComment().status()).isEqualTo("posted");
        assertThat(scm.comments("acme/flaky#3")).hasSize(1);
        var attempts = server.server().database().inTransaction(c ->
                new PrCommentRepository().find(c, scan.id())).orElseThrow().attempts();
        assertThat(attempts).isEqualTo(3);
    }

    @Test
    void shouldGiveUpAfterTheLastAttemptAndShowTheError() throws Exception {
        Project project = githubProject("acme/down", TOKEN);
        scm.failNext(503, 503, 503, 503);

        ScanDetail scan = delivered(tenant.owner(), scan(tenant.owner(), project, 4, null,
                files("z.env", "Z=" + githubToken() + "\n")).id());

        assertThat(scan.status()).isEqualTo(ScanStatus.COMPLETED);
        assertThat(scan.prComment().status()).isEqualTo("failed");
        assertThat(scan.prComment().error()).contains("GitHub answered 503").contains("the provider failed")
                .doesNotContain("simulated outage");
        assertThat(scm.comments("acme/down#4")).isEmpty();
    }

    @Test
    void shouldRecordABadTokenOnTheScanWithoutFailingIt() throws Exception {
        Project project = githubProject("acme/locked", "wrong-" + UUID.randomUUID());

        ScanDetail scan = delivered(tenant.owner(), scan(tenant.owner(), project, 5, List.of("y.env"),
                files("y.env", "Y=" + githubToken() + "\n")).id());

        assertThat(scan.status()).isEqualTo(ScanStatus.COMPLETED);
        assertThat(scan.isBlocked()).isTrue();
        assertThat(scan.prComment().status()).isEqualTo("failed");
        assertThat(scan.prComment().error()).contains("401").contains("the token was refused")
                .doesNotContain("Bad credentials");
        assertThat(scan.prComment().url()).isNull();
        assertThat(scm.requests()).filteredOn(r -> r.rawPath().startsWith("/repos/acme/locked/")).hasSize(1);
        assertTokenNowhere(project, scan.id());
    }

    @Test
    void shouldFollowTheProjectsBlockingPolicy() throws Exception {
        Project project = githubProject("acme/policy", TOKEN);
        String maxmind = "license_key = \"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\"\n";

        ScanDetail byDefault = scan(tenant.owner(), project, 9, List.of("m.txt"), files("m.txt", maxmind));
        assertThat(byDefault.isBlocked()).isTrue();

        tenant.owner().setPolicy(project.id(), new ProjectPolicy(Severity.HIGH, false));
        ScanDetail relaxed = delivered(tenant.owner(), scan(tenant.owner(), project, 9, List.of("m.txt"),
                files("m.txt", maxmind)).id());

        assertThat(relaxed.isBlocked()).isFalse();
        assertThat(relaxed.summary().introduced()).isEqualTo(1);
        assertThat(relaxed.summary().blocking()).isZero();
        assertThat(scm.comments("acme/policy#9").values()).singleElement().asString()
                .contains("Vigil: not blocked").contains("severity **high** or higher block the merge")
                .contains("maxmind-license-key");
    }

    @Test
    void shouldNotCommentWithoutAnIntegrationOrOnTheFreePlan() throws Exception {
        Project plain = tenant.owner().createProject(new NewProject("plain-" + UUID.randomUUID(), "main"));
        ScanDetail unconfigured = scan(tenant.owner(), plain, 1, null, files("a.txt", "hello\n"));
        assertThat(delivered(tenant.owner(), unconfigured.id()).prComment().status()).isEqualTo("not_configured");

        TestServer.Tenant free = server.tenant(Plan.FREE);
        Project project = free.owner().createProject(new NewProject("free", "main"));
        free.owner().setScmIntegration(project.id(), new ScmIntegrationUpdate(ScmProvider.GITHUB, scm.githubUrl(),
                "acme/free", TOKEN));
        ScanDetail onFree = scan(free.owner(), project, 1, null, files("a.txt", "hello\n"));

        assertThat(delivered(free.owner(), onFree.id()).prComment().status()).isEqualTo("not_in_plan");
        assertThat(scm.requests()).noneMatch(r -> r.rawPath().contains("acme/free"));
    }
}
