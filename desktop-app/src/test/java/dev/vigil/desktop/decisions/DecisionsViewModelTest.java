package dev.vigil.desktop.decisions;

import dev.vigil.client.VigilApiException;
import dev.vigil.desktop.connection.Connector;
import dev.vigil.desktop.connection.DesktopPaths;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.findings.FindingDetailViewModel;
import dev.vigil.desktop.task.CurrentThreadTaskExecutor;
import dev.vigil.model.Decision;
import dev.vigil.model.DecisionScope;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewDecision;
import dev.vigil.model.NewProject;
import dev.vigil.model.NewUser;
import dev.vigil.model.Project;
import dev.vigil.model.Role;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.store.MergeRepository.NewFinding;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The Decisions page's and "Apply to…"'s view models over a real server, without the FX thread. */
class DecisionsViewModelTest {

    private static TestServer server;

    @TempDir
    Path home;

    private TestServer.Tenant tenant;
    private Session session;
    private final CurrentThreadTaskExecutor tasks = new CurrentThreadTaskExecutor();

    @BeforeAll
    static void startServer() {
        server = TestServer.start();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @BeforeEach
    void newTenant() {
        tenant = server.tenant();
    }

    @AfterEach
    void closeSession() {
        if (session != null) {
            session.close();
        }
    }

    private Session sessionAs(Role role) {
        UUID user = role == Role.OWNER ? tenant.ownerId() : tenant.owner().createUser(
                new NewUser(role.wire() + "-" + UUID.randomUUID() + "@example.com", role)).id();
        String key = tenant.owner().createApiKey(new NewApiKey("desktop",
                LocalDate.now(ZoneOffset.UTC).plusDays(30).toString(), user)).key();
        session = new Session(new Connector(new DesktopPaths(home.resolve("data"), home.resolve("desktop.json"))),
                tasks);
        session.useRemote(server.server().uri(), key, () -> { }, problem -> {
            throw new AssertionError(problem);
        });
        return session;
    }

    private Decision decide(String rule, FindingStatus status) {
        LocalDate until = status == FindingStatus.ACCEPTED ? LocalDate.now(ZoneOffset.UTC).plusDays(10) : null;
        return tenant.owner().createDecision(new NewDecision(DecisionScope.ofRule(rule, null), status, "because",
                until));
    }

    /** Two projects with an SCA finding of the same advisory, and one IaC finding. */
    private List<Project> seedFindings() {
        Project first = tenant.owner().createProject(new NewProject("web", "main"));
        Project second = tenant.owner().createProject(new NewProject("api", "main"));
        long now = System.currentTimeMillis();
        for (Project project : List.of(first, second)) {
            Detection sca = Detection.builder(ScanKind.SCA, "GHSA-desk-0000-0001", Severity.HIGH,
                            "package-lock.json", 3, "npm:left-pad")
                    .title("Test")
                    .description("left-pad 1.0.0 (npm) is affected by GHSA-desk-0000-0001: Test.")
                    .direct(true)
                    .build();
            Detection iac = Detection.builder(ScanKind.IAC, "aws-s3-public-acl", Severity.HIGH, "main.tf", 2,
                            "aws_s3_bucket.site")
                    .title("Public")
                    .description("public bucket")
                    .build();
            FindingSeeder.insert(server.server().database(), tenant.id(), project.id(), List.of(
                    new NewFinding(UUID.randomUUID(), sca, now, null), new NewFinding(UUID.randomUUID(), iac, now, null)));
        }
        return List.of(first, second);
    }

    @Test
    void listsTheTenantsDecisionsNewestFirstFilteredByStatusAndAPageAtATime() {
        decide("rule-a", FindingStatus.FALSE_POSITIVE);
        decide("rule-b", FindingStatus.ACCEPTED);
        decide("rule-c", FindingStatus.FALSE_POSITIVE);
        DecisionsViewModel model = new DecisionsViewModel(sessionAs(Role.ADMIN), tasks, 2);

        assertThat(model.rows()).extracting(d -> d.scope().ruleId()).containsExactly("rule-c", "rule-b");
        assertThat(model.hasMoreProperty().get()).isTrue();
        model.loadMore();
        assertThat(model.rows()).extracting(d -> d.scope().ruleId()).containsExactly("rule-c", "rule-b", "rule-a");

        model.statusProperty().set(FindingStatus.FALSE_POSITIVE);

        assertThat(model.rows()).extracting(d -> d.scope().ruleId()).containsExactly("rule-c", "rule-a");
        assertThat(model.hasMoreProperty().get()).isFalse();
    }

    @Test
    void deletingADecisionRemovesItOnTheServerAndFromTheList() {
        Decision doomed = decide("rule-doomed", FindingStatus.FALSE_POSITIVE);
        decide("rule-kept", FindingStatus.FALSE_POSITIVE);
        DecisionsViewModel model = new DecisionsViewModel(sessionAs(Role.OWNER), tasks, 50);

        model.delete(model.rows().stream().filter(d -> d.id().equals(doomed.id())).findFirst().orElseThrow());

        assertThat(model.rows()).extracting(d -> d.scope().ruleId()).containsExactly("rule-kept");
        assertThat(model.messageProperty().get()).contains("rule rule-doomed");
        assertThatThrownBy(() -> tenant.owner().getDecision(doomed.id()))
                .isInstanceOfSatisfying(VigilApiException.class, e -> assertThat(e.status()).isEqualTo(404));
    }

    @Test
    void aMemberLoadsNoDecisions() {
        decide("rule-hidden", FindingStatus.FALSE_POSITIVE);

        DecisionsViewModel model = new DecisionsViewModel(sessionAs(Role.MEMBER), tasks, 50);

        assertThat(model.rows()).isEmpty();
        assertThat(model.problemProperty().get()).isEmpty();
    }

    @Test
    void applyToPreviewsTheCountThenMakesTheDecisionForThePackageAcrossTheTenant() {
        List<Project> projects = seedFindings();
        Finding finding = tenant.owner().findings().all(FindingFilter.none().withProject(projects.get(0).id()))
                .filter(f -> f.scanType() == ScanKind.SCA).findFirst().orElseThrow();
        ApplyToViewModel model = new ApplyToViewModel(sessionAs(Role.ADMIN), tasks, finding);
        assertThat(model.previewProperty().get()).as("rule, this project").isEqualTo(1);

        model.targetProperty().set(ApplyToViewModel.Target.PACKAGE);
        model.reachProperty().set(ApplyToViewModel.Reach.TENANT);
        assertThat(model.scope()).isEqualTo(new DecisionScope(null, "pkg:npm/left-pad", null, null));
        assertThat(model.previewProperty().get()).as("package, every project").isEqualTo(2);
        assertThat(tenant.owner().listDecisions(Optional.empty(), Optional.empty(), null, null)
                .data()).as("a preview stores nothing").isEmpty();

        model.reasonProperty().set("vendored and patched");
        model.create();

        assertThat(model.createdProperty().get().applied()).isEqualTo(2);
        assertThat(tenant.owner().findings().all(FindingFilter.none()).filter(f -> f.scanType() == ScanKind.SCA))
                .allSatisfy(f -> {
                    assertThat(f.status()).isEqualTo(FindingStatus.FALSE_POSITIVE);
                    assertThat(FindingDetailViewModel.decisionOf(f))
                            .contains(model.createdProperty().get().id());
                });
    }

    @Test
    void applyToAnIacFindingOffersNoPackageAndTheServerSaysWhatIsMissing() {
        Project project = seedFindings().get(0);
        Finding finding = tenant.owner().findings().all(FindingFilter.none().withProject(project.id()))
                .filter(f -> f.scanType() == ScanKind.IAC).findFirst().orElseThrow();
        ApplyToViewModel model = new ApplyToViewModel(sessionAs(Role.ADMIN), tasks, finding);

        assertThat(model.packageAvailable()).isFalse();
        model.statusProperty().set(FindingStatus.ACCEPTED);
        model.reasonProperty().set("later");
        model.create();

        assertThat(model.createdProperty().get()).isNull();
        assertThat(model.problemProperty().get()).contains("until");
        assertThat(tenant.owner().findings().get(finding.id()).status()).isEqualTo(FindingStatus.OPEN);
    }
}
