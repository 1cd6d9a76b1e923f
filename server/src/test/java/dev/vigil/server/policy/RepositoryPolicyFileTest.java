package dev.vigil.server.policy;

import dev.vigil.model.Finding;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.HistoryEntry;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanPolicy;
import dev.vigil.model.ScanType;
import dev.vigil.model.ScanWarning;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.advisories.AdvisoryImporter;
import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.testing.MutableClock;
import dev.vigil.server.testing.SetUpServer;
import dev.vigil.server.testing.TestData;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;

import static dev.vigil.server.policy.PolicyFixtures.PUBLIC_BUCKET;
import static dev.vigil.server.policy.PolicyFixtures.files;
import static dev.vigil.server.policy.PolicyFixtures.policyWarnings;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A repository's .vigil.yml applied by real scans (docs/adr/0050): entries by rule, path and package range,
 * the warnings for invalid entries and for a malformed or hostile file, and only the file at the root.
 */
@VigilServerTest
class RepositoryPolicyFileTest {

    private static final MutableClock CLOCK = MutableClock.startingNow();
    private static final String POM = """
            <project>
              <modelVersion>4.0.0</modelVersion>
              <groupId>com.acme</groupId>
              <artifactId>app</artifactId>
              <version>1.0</version>
              <dependencies>
                <dependency>
                  <groupId>org.apache.logging.log4j</groupId>
                  <artifactId>log4j-core</artifactId>
                  <version>2.14.1</version>
                </dependency>
              </dependencies>
            </project>
            """;
    private static TestServer server;
    private static TestServer.Tenant tenant;
    private static PolicyFixtures owner;

    @SetUpServer
    static ServerSettings settings(ServerSettings s) {
        return s.withClock(CLOCK);
    }

    @BeforeAll
    static void actAsTheOwner() {
        owner = new PolicyFixtures(tenant.owner());
    }

    @BeforeAll
    static void importAdvisories() throws Exception {
        try (var files = Files.list(TestData.advisory("ghsa"))) {
            new AdvisoryImporter(server.server().database(), new AdvisoryRepository(), Clock.systemUTC())
                    .importPaths(files.toList());
        }
    }

    private static LocalDate today() {
        return PolicyFixtures.today(CLOCK);
    }

    @Test
    void fileEntryAcceptsMatchingFindingsUnderItsPathsWithReasonAndUntil() {
        Project project = owner.project("file-entry");
        LocalDate until = today().plusMonths(4);
        String policy = """
                version: 1
                ignore:
                  - rule: CKV_AWS_20
                    paths: ["legacy/**", "*.test.tf"]
                    status: accepted
                    reason: "public by design: static website bucket"
                    until: %s
                  - rule: aws-s3-versioning-disabled
                    paths: ["nowhere/**"]
                    status: false_positive
                    reason: "kept for the docs"
                  - rule: CVE-2021-44228
                    status: false_positive
                    reason: "not stale in a scan without dependency analysis"
                """.formatted(until);

        // the policy file comes last in the archive: it is collected during the one pass all the same
        ScanDetail done = owner.scan(project, ScanType.IAC, null, files("legacy/site/main.tf", PUBLIC_BUCKET,
                "app/main.tf", PUBLIC_BUCKET, ".vigil.yml", policy));

        Finding legacy = owner.rule(project, "legacy/site/main.tf", "aws-s3-public-acl");
        assertThat(legacy.status()).isEqualTo(FindingStatus.ACCEPTED);
        assertThat(legacy.acceptedBy()).isEqualTo("policy:.vigil.yml");
        assertThat(legacy.acceptedReason()).isEqualTo("public by design: static website bucket");
        assertThat(legacy.acceptedUntil()).isEqualTo(until);
        HistoryEntry decided = owner.lastChange(legacy);
        assertThat(decided.actor()).isEqualTo("policy:.vigil.yml");
        assertThat(decided.action()).isEqualTo("policy_applied");
        assertThat(decided.reason()).startsWith(".vigil.yml line 3 (rule CKV_AWS_20)");
        assertThat(owner.rule(project, "app/main.tf", "aws-s3-public-acl").status()).isEqualTo(FindingStatus.OPEN);
        assertThat(done.policy()).isEqualTo(new ScanPolicy(1, List.of(
                new ScanPolicy.Unmatched(8, "aws-s3-versioning-disabled"))));
        assertThat(policyWarnings(done)).isEmpty();
        owner.assertCountsFollow(project);
    }

    @Test
    void invalidEntriesAreWarningsWithTheirLinesAndIgnoreNothing() {
        Project project = owner.project("invalid-entries");
        String policy = """
                version: 1
                ignore:
                  - rule: CKV_AWS_20
                    status: accepted
                    until: %s
                  - rule: CKV_AWS_20
                    status: accepted
                    reason: "no end date: sk_live_do_not_quote"
                  - rule: CKV_AWS_20
                    status: accepted
                    reason: "too long"
                    until: %s
                  - rule: NOT_A_RULE_999
                    status: false_positive
                    reason: "nothing has this id"
                  - rule: CKV_AWS_20
                    status: ignored
                    reason: "bad status"
                """.formatted(today().plusDays(10), today().plusYears(1).plusDays(2));

        ScanDetail done = owner.scan(project, ScanType.IAC, null,
                files(".vigil.yml", policy, "main.tf", PUBLIC_BUCKET));

        assertThat(policyWarnings(done)).extracting(ScanWarning::message).containsExactlyInAnyOrder(
                "Line 3: reason is required (rule CKV_AWS_20)",
                "Line 6: until is required for accepted (rule CKV_AWS_20)",
                "Line 9: until is more than one year ahead (rule CKV_AWS_20)",
                "Line 13: unknown rule NOT_A_RULE_999",
                "Line 16: status must be accepted or false_positive (rule CKV_AWS_20)");
        assertThat(policyWarnings(done)).allSatisfy(w -> {
            assertThat(w.path()).isEqualTo(".vigil.yml");
            assertThat(w.message()).doesNotContain("sk_live").doesNotContain("bad status");
        });
        assertThat(owner.rule(project, "main.tf", "aws-s3-public-acl").status()).isEqualTo(FindingStatus.OPEN);
        assertThat(done.policy()).isEqualTo(new ScanPolicy(0, List.of()));
    }

    @Test
    void malformedOrHostileFileIsOneWarningWithItsLine() {
        Project project = owner.project("malformed");
        ScanDetail broken = owner.scan(project, ScanType.IAC, null, files("main.tf", PUBLIC_BUCKET, ".vigil.yml",
                "version: 1\nignore:\n  - rule: CKV_AWS_20\n    reason: [unclosed\n    status: accepted\n"));
        assertThat(policyWarnings(broken)).singleElement().satisfies(w -> {
            assertThat(w.message()).startsWith("Line ").contains("not valid YAML").doesNotContain("unclosed");
            assertThat(w.message()).matches("Line [4-6]: .*");
        });

        String bomb = "version: 1\na: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
                + "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nignore: [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n";
        ScanDetail aliases = owner.scan(project, ScanType.IAC, null,
                files(".vigil.yml", bomb, "main.tf", PUBLIC_BUCKET));
        assertThat(policyWarnings(aliases)).singleElement().satisfies(w ->
                assertThat(w.message()).isEqualTo("Line 3: YAML aliases are not supported"));

        ScanDetail large = owner.scan(project, ScanType.IAC, null, files(".vigil.yml",
                "version: 1\n" + "#".repeat(70_000) + "\n", "main.tf", PUBLIC_BUCKET));
        assertThat(policyWarnings(large)).extracting(ScanWarning::message)
                .containsExactly("Line 1: the file is larger than 64 KiB and was not read");
        assertThat(owner.rule(project, "main.tf", "aws-s3-public-acl").status()).isEqualTo(FindingStatus.OPEN);
    }

    @Test
    void aPolicyFileBelowTheRootIsNotThePolicy() {
        Project project = owner.project("not-root");
        String policy = """
                version: 1
                ignore:
                  - rule: aws-s3-public-acl
                    status: false_positive
                    reason: "a deliberate setting"
                """;

        ScanDetail done = owner.scan(project, ScanType.IAC, null,
                files("infra/.vigil.yml", policy, "main.tf", PUBLIC_BUCKET));

        assertThat(owner.rule(project, "main.tf", "aws-s3-public-acl").status()).isEqualTo(FindingStatus.OPEN);
        assertThat(done.policy()).isEqualTo(new ScanPolicy(0, List.of()));
    }

    @Test
    void packageEntryAcceptsOnlyVersionsInItsRange() {
        Project project = owner.project("package-range");
        String policy = """
                version: 1
                ignore:
                  - rule: CVE-2021-44228
                    package: "pkg:maven/org.apache.logging.log4j/log4j-core@<2.15.0"
                    status: accepted
                    reason: "JNDI lookups disabled by -Dlog4j2.formatMsgNoLookups"
                    until: %s
                  - rule: GHSA-jfh8-c2jp-5v3q
                    package: "pkg:maven/org.apache.logging.log4j/log4j-core@>=2.0 <2.10"
                    status: false_positive
                    reason: "older line only"
                """.formatted(today().plusMonths(2));

        ScanDetail done = owner.scan(project, ScanType.SCA, null, files(".vigil.yml", policy, "pom.xml", POM));

        Finding log4shell = owner.findings(project).stream().filter(f -> f.ruleId().equals("GHSA-jfh8-c2jp-5v3q"))
                .findFirst().orElseThrow();
        assertThat(log4shell.status()).isEqualTo(FindingStatus.ACCEPTED);
        assertThat(log4shell.acceptedBy()).isEqualTo("policy:.vigil.yml");
        assertThat(done.policy().unmatched()).containsExactly(new ScanPolicy.Unmatched(8, "GHSA-jfh8-c2jp-5v3q"));
    }
}
