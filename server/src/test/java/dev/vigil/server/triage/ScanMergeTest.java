package dev.vigil.server.triage;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilClient;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.HistoryEntry;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.model.Severity;
import dev.vigil.model.StatusChange;
import dev.vigil.model.TriageAction;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.store.MergeRepository;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.GitHubTokens;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** What scans do to a project's findings, through the real pipeline and secrets engine (docs/adr/0011, 0020). */
@VigilServerTest
class ScanMergeTest {

    private static final Random RANDOM = new Random(42);
    private static TestServer server;
    private static TestServer.Tenant tenant;

    private static String token() {
        return GitHubTokens.random(RANDOM);
    }

    private static ScanDetail scan(Project project, String branch, Integer prId, List<String> changed,
                                   Map<String, String> files) {
        VigilClient owner = tenant.owner();
        ScanSubmission submission = ScanSubmission.of(ScanArchive.of(Archives.tarGz(files)), project.id(), branch,
                "e".repeat(40), ScanType.SECRETS);
        if (prId != null) {
            submission = submission.withPrId(prId);
        }
        if (changed != null) {
            submission = submission.withChangedFiles(changed);
        }
        ScanDetail done = owner.awaitScan(owner.submitScan(submission).id(), Duration.ofSeconds(60));
        assertThat(done.status()).isEqualTo(ScanStatus.COMPLETED);
        return done;
    }

    private static Map<String, String> files(String... pathsAndContents) {
        Map<String, String> files = new LinkedHashMap<>();
        for (int i = 0; i < pathsAndContents.length; i += 2) {
            files.put(pathsAndContents[i], pathsAndContents[i + 1]);
        }
        return files;
    }

    private static List<Finding> findings(Project project) {
        return tenant.owner().findings().all(FindingFilter.none().withProject(project.id())).toList();
    }

    private static Finding at(Project project, String path) {
        return findings(project).stream().filter(f -> f.location().startsWith(path + ":")).findFirst().orElseThrow();
    }

    @Test
    void defaultBranchScansOpenRefreshResolveAndReopenFindings() {
        Project project = tenant.owner().createProject(new NewProject("merge", "main"));
        String t1 = token();
        String t2 = token();
        String t3 = token();

        ScanDetail first = scan(project, "main", null, null, files("a.env", "TOKEN=" + t1 + "\n", "b.env", "T=" + t2 + "\n"));
        assertThat(first.criticalCount()).isEqualTo(2);
        Finding a1 = at(project, "a.env");
        assertThat(a1.status()).isEqualTo(FindingStatus.OPEN);
        assertThat(a1.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(a1.location()).isEqualTo("a.env:1");
        assertThat(a1.fingerprint()).startsWith("fp_v1:");
        assertThat(a1.slaDeadline()).isEqualTo(a1.firstSeen().plus(Duration.ofDays(7)));
        assertThat(a1.firstSeen()).isEqualTo(a1.lastSeen());

        scan(project, "main", null, null, files("a.env", "\n\n\n\nTOKEN=" + t1 + "\n", "c.env", "X=" + t3 + "\n"));
        Finding a2 = at(project, "a.env");
        assertThat(a2.id()).isEqualTo(a1.id());
        assertThat(a2.fingerprint()).isEqualTo(a1.fingerprint());
        assertThat(a2.location()).isEqualTo("a.env:5");
        assertThat(a2.lastSeen()).isAfter(a1.lastSeen());
        Finding b = at(project, "b.env");
        assertThat(b.status()).isEqualTo(FindingStatus.RESOLVED);
        assertThat(tenant.owner().findings().history(b.id(), 10, null).data()).extracting(HistoryEntry::action)
                .containsExactly("detected", "resolved_by_scan");
        Finding c = at(project, "c.env");
        tenant.owner().changeStatus(c.id(), new StatusChange(TriageAction.ACCEPT, "rotating next sprint",
                LocalDate.now().plusDays(10)));

        scan(project, "main", null, null, files("a.env", "TOKEN=" + t1 + "\n", "b.env", "T=" + t2 + "\n"));
        assertThat(at(project, "b.env").status()).isEqualTo(FindingStatus.OPEN);
        assertThat(tenant.owner().findings().history(b.id(), 10, null).data().getLast().action()).isEqualTo("regression");
        assertThat(at(project, "c.env").status()).isEqualTo(FindingStatus.ACCEPTED);
        assertThat(findings(project)).hasSize(3);
    }

    @Test
    void pullRequestScansAreComparedWithoutChangingTheProject() {
        Project project = tenant.owner().createProject(new NewProject("pr", "main"));
        String known = token();
        scan(project, "main", null, null, files("a.env", "TOKEN=" + known + "\n"));
        List<Finding> before = findings(project);

        ScanDetail pr = scan(project, "feature/x", 12, List.of("a.env", "c.env"), files(
                "a.env", "TOKEN=" + known + "\n", "c.env", "NEW=" + token() + "\n", "d.env", "OTHER=" + token() + "\n"));

        assertThat(pr.prId()).isEqualTo(12);
        assertThat(pr.summary().introduced()).isEqualTo(1);
        assertThat(pr.summary().debt()).isEqualTo(1);
        assertThat(pr.summary().blocking()).isEqualTo(1);
        assertThat(pr.isBlocked()).isTrue();
        assertThat(pr.findingsCount()).isEqualTo(3);
        assertThat(findings(project)).usingRecursiveFieldByFieldElementComparator().containsExactlyInAnyOrderElementsOf(before);
        JsonNode results = pr.sarif().path("runs").get(0).path("results");
        assertThat(results).hasSize(3);
        long fresh = 0;
        for (JsonNode result : results) {
            if (result.path("baselineState").asText().equals("new")) {
                fresh++;
                assertThat(result.path("locations").get(0).path("physicalLocation").path("artifactLocation")
                        .path("uri").asText()).isEqualTo("c.env");
            }
        }
        assertThat(fresh).isEqualTo(1);
    }

    @Test
    void pullRequestWithoutChangedFilesCountsEveryUnknownFindingAsIntroduced() {
        Project project = tenant.owner().createProject(new NewProject("pr-no-changes", "main"));
        scan(project, "main", null, null, files("a.env", "TOKEN=" + token() + "\n"));

        ScanDetail pr = scan(project, "feature/y", 3, null, files("b.env", "TOKEN=" + token() + "\n",
                "c.env", "TOKEN=" + token() + "\n"));

        assertThat(pr.summary().introduced()).isEqualTo(2);
        assertThat(pr.summary().debt()).isNull();
        assertThat(pr.isBlocked()).isTrue();
    }

    @Test
    void scansOfOtherBranchesLeaveTheProjectAlone() {
        Project project = tenant.owner().createProject(new NewProject("branches", "main"));
        scan(project, "main", null, null, files("a.env", "TOKEN=" + token() + "\n"));

        ScanDetail develop = scan(project, "develop", null, null, files("z.env", "TOKEN=" + token() + "\n"));

        assertThat(develop.findingsCount()).isEqualTo(1);
        assertThat(develop.summary().introduced()).isNull();
        assertThat(findings(project)).hasSize(1).allSatisfy(f -> assertThat(f.location()).startsWith("a.env"));
    }

    @Test
    void firstScanWithoutPullRequestSetsTheDefaultBranch() {
        Project project = tenant.owner().createProject(new NewProject("no-default", null));

        scan(project, "trunk", null, null, files("a.env", "TOKEN=" + token() + "\n"));

        assertThat(tenant.owner().getProject(project.id()).defaultBranch()).isEqualTo("trunk");
        assertThat(findings(project)).hasSize(1);
    }

    @Test
    void aScanOnlyResolvesFindingsOfTheKindsItRan() {
        Project project = tenant.owner().createProject(new NewProject("kinds", "main"));
        var sca = Detection.builder(ScanKind.SCA, "CVE-2021-44228", Severity.CRITICAL, "pom.xml", 10,
                        "Maven:org.apache.logging.log4j:log4j-core")
                .title("log4j")
                .cwe("CWE-502")
                .description("Log4Shell")
                .fixAvailable("upgrade")
                .direct(true)
                .build();
        FindingSeeder.insert(server.server().database(), tenant.id(), project.id(),
                List.of(new MergeRepository.NewFinding(UUID.randomUUID(), sca, System.currentTimeMillis(), null)));

        scan(project, "main", null, null, files("a.txt", "nothing to see\n"));

        assertThat(findings(project)).singleElement().satisfies(f -> {
            assertThat(f.scanType()).isEqualTo(ScanKind.SCA);
            assertThat(f.status()).isEqualTo(FindingStatus.OPEN);
        });
    }
}
