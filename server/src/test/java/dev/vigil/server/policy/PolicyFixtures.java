package dev.vigil.server.policy;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilClient;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.HistoryEntry;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.model.ScanWarning;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.GitHubTokens;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the repository-policy tests share: files that produce known findings, and, as one tenant's Owner
 * ({@code owner}), scans that wait until they completed and the findings and history read back.
 */
final class PolicyFixtures {

    static final String PUBLIC_BUCKET = """
            resource "aws_s3_bucket" "site" {
              bucket = "site"
              acl    = "public-read"
            }
            """;

    private static final Random RANDOM = new Random(30);

    private final VigilClient owner;

    /** The fixtures that act as {@code owner}, the Owner of a test class's tenant. */
    PolicyFixtures(VigilClient owner) {
        this.owner = owner;
    }

    /** A GitHub token with a valid checksum, different each time. */
    static String token() {
        return GitHubTokens.random(RANDOM);
    }

    static LocalDate today(Clock clock) {
        return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    }

    static Map<String, String> files(String... pathsAndContents) {
        Map<String, String> files = new LinkedHashMap<>();
        for (int i = 0; i < pathsAndContents.length; i += 2) {
            files.put(pathsAndContents[i], pathsAndContents[i + 1]);
        }
        return files;
    }

    Project project(String name) {
        return owner.createProject(new NewProject(name, "main"));
    }

    /** Scans the files on the default branch, or for a pull request, and waits until the scan completed. */
    ScanDetail scan(Project project, ScanType type, Integer prId, Map<String, String> files) {
        ScanSubmission submission = ScanSubmission.of(ScanArchive.of(Archives.tarGz(files)), project.id(), "main",
                "a".repeat(40), type);
        if (prId != null) {
            submission = submission.withPrId(prId);
        }
        ScanDetail done = owner.awaitScan(owner.submitScan(submission).id(), Duration.ofSeconds(60));
        assertThat(done.status()).isEqualTo(ScanStatus.COMPLETED);
        return done;
    }

    List<Finding> findings(Project project) {
        return owner.findings().all(FindingFilter.none().withProject(project.id())).toList();
    }

    Finding at(Project project, String location) {
        return findings(project).stream().filter(f -> f.location().equals(location)).findFirst().orElseThrow(
                () -> new AssertionError("no finding at " + location + " in " + findings(project).stream()
                        .map(f -> f.location() + " " + f.ruleId()).toList()));
    }

    Finding rule(Project project, String path, String ruleId) {
        return findings(project).stream()
                .filter(f -> f.location().startsWith(path + ":") && f.ruleId().equals(ruleId))
                .findFirst().orElseThrow();
    }

    HistoryEntry lastChange(Finding finding) {
        return owner.findings().history(finding.id(), 20, null).data().getLast();
    }

    static List<ScanWarning> policyWarnings(ScanDetail scan) {
        return scan.scanWarnings().stream().filter(w -> w.code().equals("POLICY_INVALID")).toList();
    }

    /** The kept counts by status (stats) agree with the findings themselves after the policy moved them. */
    void assertCountsFollow(Project project) {
        Map<String, Long> counted = new HashMap<>();
        findings(project).forEach(f -> counted.merge(f.status().wire(), 1L, Long::sum));
        Map<String, Long> kept = new HashMap<>(owner.findings().stats(Optional.of(project.id())).byStatus());
        kept.values().removeIf(n -> n == 0);
        assertThat(kept).isEqualTo(counted);
    }
}
