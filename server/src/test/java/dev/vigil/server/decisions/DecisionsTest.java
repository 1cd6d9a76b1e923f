package dev.vigil.server.decisions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vigil.client.RawResponse;
import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilApiException;
import dev.vigil.client.VigilClient;
import dev.vigil.model.Decision;
import dev.vigil.model.DecisionScope;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.HistoryEntry;
import dev.vigil.model.NewDecision;
import dev.vigil.model.Project;
import dev.vigil.model.Role;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanType;
import dev.vigil.model.StatusChange;
import dev.vigil.model.TriageAction;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import dev.vigil.server.testing.WallClock;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static dev.vigil.server.decisions.DecisionFixtures.LEFT;
import static dev.vigil.server.decisions.DecisionFixtures.LEFT_CVE;
import static dev.vigil.server.decisions.DecisionFixtures.PUBLIC_BUCKET;
import static dev.vigil.server.decisions.DecisionFixtures.RIGHT;
import static dev.vigil.server.decisions.DecisionFixtures.finding;
import static dev.vigil.server.decisions.DecisionFixtures.findings;
import static dev.vigil.server.decisions.DecisionFixtures.lockfile;
import static dev.vigil.server.decisions.DecisionFixtures.project;
import static dev.vigil.server.decisions.DecisionFixtures.scan;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@VigilServerTest
class DecisionsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static TestServer server;
    private VigilClient owner;
    private VigilClient admin;
    private VigilClient member;

    @BeforeAll
    static void importAdvisories() {
        DecisionFixtures.importAdvisories(server);
    }

    /** Each test in a tenant of its own: a tenant-wide decision reaches every later scan of its tenant. */
    @BeforeEach
    void tenant() {
        TestServer.Tenant tenant = server.tenant();
        owner = tenant.owner();
        admin = tenant.userWith(Role.ADMIN);
        member = tenant.userWith(Role.MEMBER);
    }

    private static LocalDate inDays(int days) {
        return LocalDate.now(ZoneOffset.UTC).plusDays(days);
    }

    private static NewDecision falsePositive(DecisionScope scope) {
        return new NewDecision(scope, FindingStatus.FALSE_POSITIVE, "not reachable from our code", null);
    }

    private static Project scanned(VigilClient client, String name, String left, String right) {
        Project project = project(client, name);
        scan(client, project, Map.of("package-lock.json", lockfile(left, right), "infra/main.tf", PUBLIC_BUCKET,
                "other/main.tf", PUBLIC_BUCKET));
        return project;
    }

    @Test
    void memberMayReadDecisionsButNotMakeOrDeleteThem() {
        Project project = scanned(owner, "roles", "1.0.0", "2.0.0");
        NewDecision decision = falsePositive(DecisionScope.ofPackage("pkg:npm/vigil-right-pad", project.id()));

        assertThatThrownBy(() -> member.createDecision(decision)).isInstanceOfSatisfying(VigilApiException.class,
                e -> assertThat(e.status()).isEqualTo(403));
        Decision made = admin.createDecision(decision);
        assertThat(member.listDecisions(Optional.of(project.id()), Optional.empty(), null, null).data())
                .extracting(Decision::id).containsExactly(made.id());
        assertThat(member.getDecision(made.id()).reason()).isEqualTo("not reachable from our code");
        assertThatThrownBy(() -> member.deleteDecision(made.id())).isInstanceOfSatisfying(VigilApiException.class,
                e -> assertThat(e.code()).isEqualTo("INSUFFICIENT_ROLE"));
        assertThat(finding(owner, project, RIGHT).status()).isEqualTo(FindingStatus.FALSE_POSITIVE);
    }

    @Test
    void refusesDecisionsWithoutScopeReasonOrAValidUntil() throws IOException {
        List<String> bodies = List.of(
                "{\"scope\": {}, \"status\": \"false_positive\", \"reason\": \"r\"}",
                "{\"status\": \"false_positive\", \"reason\": \"r\"}",
                "{\"scope\": {\"rule_id\": \"X\"}, \"status\": \"false_positive\"}",
                "{\"scope\": {\"rule_id\": \"X\"}, \"status\": \"accepted\", \"reason\": \"r\"}",
                "{\"scope\": {\"rule_id\": \"X\"}, \"status\": \"accepted\", \"reason\": \"r\", \"until\": null}",
                "{\"scope\": {\"rule_id\": \"X\"}, \"status\": \"accepted\", \"reason\": \"r\", \"until\": \""
                        + inDays(400) + "\"}",
                "{\"scope\": {\"rule_id\": \"X\"}, \"status\": \"accepted\", \"reason\": \"r\", \"until\": \""
                        + inDays(-1) + "\"}",
                "{\"scope\": {\"rule_id\": \"X\"}, \"status\": \"resolved\", \"reason\": \"r\"}",
                "{\"scope\": {\"package\": \"lodash\"}, \"status\": \"false_positive\", \"reason\": \"r\"}",
                "{\"scope\": {\"package\": \"pkg:npm/lodash@<<1\"}, \"status\": \"false_positive\", \"reason\": \"r\"}",
                "{\"scope\": {\"path\": \"src/[ab]/*.js\"}, \"status\": \"false_positive\", \"reason\": \"r\"}",
                "{\"scope\": {\"project_id\": \"not-a-uuid\"}, \"status\": \"false_positive\", \"reason\": \"r\"}",
                "{\"scope\": {\"project_id\": \"" + UUID.randomUUID()
                        + "\"}, \"status\": \"false_positive\", \"reason\": \"r\"}");
        for (String body : bodies) {
            RawResponse response = admin.send("POST", "/v1/decisions", Map.of("Content-Type", "application/json"),
                    body.getBytes(StandardCharsets.UTF_8));
            JsonNode error = JSON.readTree(response.body());
            assertThat(response.status()).as(body).isEqualTo(400);
            assertThat(error.path("error").asText()).as(body).isEqualTo("VALIDATION_FAILED");
            assertThat(error.path("message").asText()).as(body).isNotBlank();
        }
        RawResponse typo = admin.send("POST", "/v1/decisions?dry_run=yes", Map.of("Content-Type", "application/json"),
                "{\"scope\": {\"rule_id\": \"X\"}, \"status\": \"false_positive\", \"reason\": \"r\"}"
                        .getBytes(StandardCharsets.UTF_8));
        assertThat(typo.status()).as("a mistyped dry_run makes nothing").isEqualTo(400);
        assertThat(admin.listDecisions(Optional.empty(), Optional.empty(), 100, null).data())
                .noneMatch(d -> "r".equals(d.reason()));
    }

    @Test
    void ruleAliasDecisionChangesEveryProjectOfTheTenantAtOnceAndNoOtherTenant() {
        Project first = scanned(owner, "alias-a", "1.0.0", "3.0.0");
        Project second = scanned(owner, "alias-b", "1.5.0", "3.0.0");
        TestServer.Tenant other = server.tenant();
        Project foreign = scanned(other.owner(), "alias-foreign", "1.0.0", "3.0.0");

        Decision made = admin.createDecision(falsePositive(DecisionScope.ofRule(LEFT_CVE, null)));

        assertThat(made.applied()).isEqualTo(2);
        assertThat(made.createdBy()).endsWith("@example.com");
        for (Project project : List.of(first, second)) {
            Finding changed = finding(owner, project, LEFT);
            assertThat(changed.status()).isEqualTo(FindingStatus.FALSE_POSITIVE);
            assertThat(changed.acceptedBy()).isEqualTo("decision:" + made.id());
            HistoryEntry last = owner.findings().history(changed.id(), 100, null).data().getLast();
            assertThat(last.actor()).isEqualTo("decision:" + made.id());
            assertThat(last.action()).isEqualTo("decision");
            assertThat(last.from()).isEqualTo(FindingStatus.OPEN);
        }
        assertThat(finding(other.owner(), foreign, LEFT).status()).isEqualTo(FindingStatus.OPEN);
    }

    @Test
    void projectScopedPackageRangeLeavesOtherProjectsAndVersionsAlone() {
        Project inScope = scanned(owner, "range-a", "1.0.0", "2.5.0");
        Project otherProject = scanned(owner, "range-b", "1.0.0", "2.5.0");
        Project newer = scanned(owner, "range-c", "1.0.0", "2.9.0");

        Decision made = admin.createDecision(new NewDecision(
                new DecisionScope(null, "pkg:npm/vigil-right-pad@<2.8.0", null, inScope.id()),
                FindingStatus.ACCEPTED, "internal tool only", inDays(30)));
        Decision acrossProjects = admin.createDecision(new NewDecision(
                DecisionScope.ofPackage("pkg:npm/vigil-left-pad@>=1.0.0,<1.0.1", newer.id()),
                FindingStatus.FALSE_POSITIVE, "vendored copy is patched", null));

        assertThat(made.applied()).isEqualTo(1);
        Finding accepted = finding(owner, inScope, RIGHT);
        assertThat(accepted.status()).isEqualTo(FindingStatus.ACCEPTED);
        assertThat(accepted.acceptedUntil()).isEqualTo(inDays(30));
        assertThat(accepted.acceptedReason()).isEqualTo("internal tool only");
        assertThat(finding(owner, otherProject, RIGHT).status()).isEqualTo(FindingStatus.OPEN);
        assertThat(acrossProjects.applied()).isEqualTo(1);
        assertThat(finding(owner, newer, RIGHT).status()).isEqualTo(FindingStatus.OPEN);
        assertThat(finding(owner, otherProject, LEFT).status()).isEqualTo(FindingStatus.OPEN);
    }

    @Test
    void laterScansApplyTheDecisionToTheirNewFindingsWithinItsPathGlob() {
        Decision made = admin.createDecision(new NewDecision(new DecisionScope("CKV_AWS_20", null, "infra/**", null),
                FindingStatus.FALSE_POSITIVE, "static website bucket", null));
        assertThat(made.applied()).isZero();

        Project later = scanned(owner, "later", "2.0.0", "3.0.0");

        List<Finding> publicAcl = findings(owner, later).stream()
                .filter(f -> f.ruleId().equals("aws-s3-public-acl")).toList();
        assertThat(publicAcl).hasSize(2);
        assertThat(publicAcl).filteredOn(f -> f.location().startsWith("infra/"))
                .extracting(Finding::status).containsExactly(FindingStatus.FALSE_POSITIVE);
        assertThat(publicAcl).filteredOn(f -> f.location().startsWith("other/"))
                .extracting(Finding::status).containsExactly(FindingStatus.OPEN);
        assertThat(findings(owner, later)).filteredOn(f -> !f.ruleId().equals("aws-s3-public-acl"))
                .allMatch(f -> f.status() == FindingStatus.OPEN);
        assertThat(owner.getDecision(made.id()).applied()).isEqualTo(1);
    }

    @Test
    void aPullRequestScanNeitherIntroducesNorIsBlockedByWhatADecisionCovers() {
        Project project = project(owner, "pull-requests");
        scan(owner, project, Map.of("README.md", "nothing yet\n"));
        admin.createDecision(new NewDecision(new DecisionScope("CKV_AWS_20", null, "infra/**", null),
                FindingStatus.FALSE_POSITIVE, "static website bucket", null));

        ScanDetail covered = pullRequest(project, 11, "infra/main.tf");
        ScanDetail control = pullRequest(project, 12, "other/main.tf");

        assertThat(control.summary().introduced()).isPositive();
        assertThat(covered.summary().introduced()).isEqualTo(control.summary().introduced() - 1);
        // the covered finding is a high one, which blocks by default
        assertThat(covered.summary().blocking()).isEqualTo(control.summary().blocking() - 1);
        assertThat(findings(owner, project)).isEmpty();
    }

    private ScanDetail pullRequest(Project project, int prId, String path) {
        var scan = owner.submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(Map.of(path, PUBLIC_BUCKET))),
                project.id(), "feature", DecisionFixtures.COMMIT, ScanType.IAC).withPrId(prId));
        return owner.awaitScan(scan.id(), Duration.ofSeconds(60));
    }

    @Test
    void deletingReopensWhatItChangedAndNobodyChangedSinceToItsFormerStatus() {
        Project first = scanned(owner, "delete-a", "1.0.0", "3.0.0");
        Project second = scanned(owner, "delete-b", "1.0.0", "3.0.0");
        Project third = scanned(owner, "delete-c", "1.0.0", "3.0.0");
        Finding backlogged = finding(owner, second, LEFT);
        owner.changeStatus(backlogged.id(), StatusChange.of(TriageAction.BACKLOG));
        Decision made = admin.createDecision(falsePositive(new DecisionScope(LEFT, null, null, null)));
        assertThat(made.applied()).isEqualTo(3);
        Finding touched = finding(owner, third, LEFT);
        owner.changeStatus(touched.id(), StatusChange.of(TriageAction.REOPEN));
        owner.changeStatus(touched.id(), new StatusChange(TriageAction.FALSE_POSITIVE, "our own review", null));

        admin.deleteDecision(made.id());

        assertThat(finding(owner, first, LEFT).status()).isEqualTo(FindingStatus.OPEN);
        Finding restored = finding(owner, second, LEFT);
        assertThat(restored.status()).isEqualTo(FindingStatus.IN_BACKLOG);
        assertThat(restored.acceptedBy()).isNull();
        assertThat(owner.findings().history(restored.id(), 100, null).data().getLast().action())
                .isEqualTo("decision_deleted");
        assertThat(finding(owner, third, LEFT).status()).isEqualTo(FindingStatus.FALSE_POSITIVE);
        assertThatThrownBy(() -> owner.getDecision(made.id())).isInstanceOfSatisfying(VigilApiException.class,
                e -> assertThat(e.status()).isEqualTo(404));
    }

    @Test
    void dryRunCountsTheFindingsWithoutChangingThemOrKeepingTheDecision() {
        Project project = scanned(owner, "dry-run", "1.0.0", "2.0.0");
        NewDecision decision = falsePositive(DecisionScope.ofRule(RIGHT, project.id()));

        assertThat(admin.previewDecision(decision).applied()).isEqualTo(1);

        assertThat(finding(owner, project, RIGHT).status()).isEqualTo(FindingStatus.OPEN);
        assertThat(owner.listDecisions(Optional.of(project.id()), Optional.empty(), null, null).data()).isEmpty();
    }

    @Test
    void listsNewestFirstFilteredByProjectAndStatusAcrossPages() throws InterruptedException {
        Project project = project(owner, "listing");
        for (int i = 0; i < 3; i++) {
            WallClock.tickPast(admin.createDecision(falsePositive(new DecisionScope("rule-" + i, null, null,
                    project.id()))).createdAt());
        }
        admin.createDecision(new NewDecision(new DecisionScope("rule-accepted", null, null, project.id()),
                FindingStatus.ACCEPTED, "later", inDays(10)));

        var firstPage = owner.listDecisions(Optional.of(project.id()), Optional.of(FindingStatus.FALSE_POSITIVE), 2,
                null);
        var secondPage = owner.listDecisions(Optional.of(project.id()), Optional.of(FindingStatus.FALSE_POSITIVE), 2,
                firstPage.nextCursor());

        assertThat(firstPage.hasMore()).isTrue();
        assertThat(firstPage.data()).extracting(d -> d.scope().ruleId()).containsExactly("rule-2", "rule-1");
        assertThat(secondPage.data()).extracting(d -> d.scope().ruleId()).containsExactly("rule-0");
        assertThat(secondPage.hasMore()).isFalse();
    }

    @Test
    void anotherTenantsDecisionIsNotFound() {
        Decision mine = admin.createDecision(falsePositive(DecisionScope.ofRule("tenant-private-rule", null)));
        VigilClient stranger = server.tenant().owner();

        assertThatThrownBy(() -> stranger.deleteDecision(mine.id())).isInstanceOfSatisfying(VigilApiException.class,
                e -> assertThat(e.status()).isEqualTo(404));
        assertThatThrownBy(() -> stranger.getDecision(mine.id())).isInstanceOfSatisfying(VigilApiException.class,
                e -> assertThat(e.status()).isEqualTo(404));
        assertThat(stranger.listDecisions(Optional.empty(), Optional.empty(), null, null).data()).isEmpty();
    }
}
