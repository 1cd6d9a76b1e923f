package dev.vigil.server.policy;

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
import dev.vigil.model.ScanPolicy;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.model.ScanWarning;
import dev.vigil.model.StatusChange;
import dev.vigil.model.TriageAction;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.advisories.AdvisoryImporter;
import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.store.FindingRepository;
import dev.vigil.server.store.HistoryRepository;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.GitHubTokens;
import dev.vigil.server.testing.MutableClock;
import dev.vigil.server.testing.SetUpServer;
import dev.vigil.server.testing.TestData;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import dev.vigil.server.triage.AcceptanceExpiry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
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

/** A repository's .vigil.yml and vigil:ignore comments, applied by real scans (docs/adr/0050, 0051). */
@VigilServerTest
class RepositoryPolicyTest {

    private static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final Random RANDOM = new Random(30);
    private static final MutableClock CLOCK = MutableClock.startingNow();
    private static final String PUBLIC_BUCKET = """
            resource "aws_s3_bucket" "site" {
              bucket = "site"
              acl    = "public-read"
            }
            """;
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

    @SetUpServer
    static ServerSettings settings(ServerSettings s) {
        return s.withClock(CLOCK);
    }

    @BeforeAll
    static void importAdvisories() throws Exception {
        try (var files = Files.list(TestData.advisory("ghsa"))) {
            new AdvisoryImporter(server.server().database(), new AdvisoryRepository(), Clock.systemUTC())
                    .importPaths(files.toList());
        }
    }

    private static String token() {
        StringBuilder token = new StringBuilder("ghp_");
        for (int i = 0; i < 36; i++) {
            token.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return GitHubTokens.withChecksum(token.toString());
    }

    private static LocalDate today() {
        return LocalDate.ofInstant(CLOCK.instant(), ZoneOffset.UTC);
    }

    private static Map<String, String> files(String... pathsAndContents) {
        Map<String, String> files = new LinkedHashMap<>();
        for (int i = 0; i < pathsAndContents.length; i += 2) {
            files.put(pathsAndContents[i], pathsAndContents[i + 1]);
        }
        return files;
    }

    private static ScanDetail scan(Project project, ScanType type, Integer prId, Map<String, String> files) {
        VigilClient owner = tenant.owner();
        ScanSubmission submission = ScanSubmission.of(ScanArchive.of(Archives.tarGz(files)), project.id(), "main",
                "a".repeat(40), type);
        if (prId != null) {
            submission = submission.withPrId(prId);
        }
        ScanDetail done = owner.awaitScan(owner.submitScan(submission).id(), Duration.ofSeconds(60));
        assertThat(done.status()).isEqualTo(ScanStatus.COMPLETED);
        return done;
    }

    private static List<Finding> findings(Project project) {
        return tenant.owner().findings().all(FindingFilter.none().withProject(project.id())).toList();
    }

    private static Finding at(Project project, String location) {
        return findings(project).stream().filter(f -> f.location().equals(location)).findFirst().orElseThrow(
                () -> new AssertionError("no finding at " + location + " in " + findings(project).stream()
                        .map(f -> f.location() + " " + f.ruleId()).toList()));
    }

    private static Finding rule(Project project, String path, String ruleId) {
        return findings(project).stream().filter(f -> f.location().startsWith(path + ":") && f.ruleId().equals(ruleId))
                .findFirst().orElseThrow();
    }

    private static HistoryEntry lastChange(Finding finding) {
        return tenant.owner().findings().history(finding.id(), 20, null).data().getLast();
    }

    private static List<ScanWarning> policyWarnings(ScanDetail scan) {
        return scan.scanWarnings().stream().filter(w -> w.code().equals("POLICY_INVALID")).toList();
    }

    /** The kept counts by status (stats) agree with the findings themselves after the policy moved them. */
    private static void assertCountsFollow(Project project) {
        Map<String, Long> counted = new HashMap<>();
        findings(project).forEach(f -> counted.merge(f.status().wire(), 1L, Long::sum));
        Map<String, Long> kept = new HashMap<>(tenant.owner().findings().stats(Optional.of(project.id())).byStatus());
        kept.values().removeIf(n -> n == 0);
        assertThat(kept).isEqualTo(counted);
    }

    private static Project project(String name) {
        return tenant.owner().createProject(new NewProject(name, "main"));
    }

    @Test
    void fileEntryAcceptsMatchingFindingsUnderItsPathsWithReasonAndUntil() {
        Project project = project("file-entry");
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
        ScanDetail done = scan(project, ScanType.IAC, null, files("legacy/site/main.tf", PUBLIC_BUCKET,
                "app/main.tf", PUBLIC_BUCKET, ".vigil.yml", policy));

        Finding legacy = rule(project, "legacy/site/main.tf", "aws-s3-public-acl");
        assertThat(legacy.status()).isEqualTo(FindingStatus.ACCEPTED);
        assertThat(legacy.acceptedBy()).isEqualTo("policy:.vigil.yml");
        assertThat(legacy.acceptedReason()).isEqualTo("public by design: static website bucket");
        assertThat(legacy.acceptedUntil()).isEqualTo(until);
        HistoryEntry decided = lastChange(legacy);
        assertThat(decided.actor()).isEqualTo("policy:.vigil.yml");
        assertThat(decided.action()).isEqualTo("policy_applied");
        assertThat(decided.reason()).startsWith(".vigil.yml line 3 (rule CKV_AWS_20)");
        assertThat(rule(project, "app/main.tf", "aws-s3-public-acl").status()).isEqualTo(FindingStatus.OPEN);
        assertThat(done.policy()).isEqualTo(new ScanPolicy(1, List.of(
                new ScanPolicy.Unmatched(8, "aws-s3-versioning-disabled"))));
        assertThat(policyWarnings(done)).isEmpty();
        assertCountsFollow(project);
    }

    @Test
    void invalidEntriesAreWarningsWithTheirLinesAndIgnoreNothing() {
        Project project = project("invalid-entries");
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

        ScanDetail done = scan(project, ScanType.IAC, null, files(".vigil.yml", policy, "main.tf", PUBLIC_BUCKET));

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
        assertThat(rule(project, "main.tf", "aws-s3-public-acl").status()).isEqualTo(FindingStatus.OPEN);
        assertThat(done.policy()).isEqualTo(new ScanPolicy(0, List.of()));
    }

    @Test
    void malformedOrHostileFileIsOneWarningWithItsLine() {
        Project project = project("malformed");
        ScanDetail broken = scan(project, ScanType.IAC, null, files("main.tf", PUBLIC_BUCKET, ".vigil.yml",
                "version: 1\nignore:\n  - rule: CKV_AWS_20\n    reason: [unclosed\n    status: accepted\n"));
        assertThat(policyWarnings(broken)).singleElement().satisfies(w -> {
            assertThat(w.message()).startsWith("Line ").contains("not valid YAML").doesNotContain("unclosed");
            assertThat(w.message()).matches("Line [4-6]: .*");
        });

        String bomb = "version: 1\na: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
                + "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nignore: [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n";
        ScanDetail aliases = scan(project, ScanType.IAC, null, files(".vigil.yml", bomb, "main.tf", PUBLIC_BUCKET));
        assertThat(policyWarnings(aliases)).singleElement().satisfies(w ->
                assertThat(w.message()).isEqualTo("Line 3: YAML aliases are not supported"));

        ScanDetail large = scan(project, ScanType.IAC, null, files(".vigil.yml",
                "version: 1\n" + "#".repeat(70_000) + "\n", "main.tf", PUBLIC_BUCKET));
        assertThat(policyWarnings(large)).extracting(ScanWarning::message)
                .containsExactly("Line 1: the file is larger than 64 KiB and was not read");
        assertThat(rule(project, "main.tf", "aws-s3-public-acl").status()).isEqualTo(FindingStatus.OPEN);
    }

    @Test
    void acceptanceReopensWhenItsUntilPassesAndTheEntryThenStopsApplying() {
        Project project = project("expiry");
        String policy = """
                version: 1
                ignore:
                  - rule: aws-s3-public-acl
                    status: accepted
                    reason: "migrating to CloudFront"
                    until: %s
                """.formatted(today().plusDays(1));
        scan(project, ScanType.IAC, null, files(".vigil.yml", policy, "main.tf", PUBLIC_BUCKET));
        Finding accepted = rule(project, "main.tf", "aws-s3-public-acl");
        assertThat(accepted.status()).isEqualTo(FindingStatus.ACCEPTED);
        var expiry = new AcceptanceExpiry(server.server().database(),
                new FindingRepository(server.server().database().dialect()), new HistoryRepository(), CLOCK);

        CLOCK.advance(Duration.ofDays(3));
        try {
            expiry.reopenExpired();
            assertThat(tenant.owner().findings().get(accepted.id()).status()).isEqualTo(FindingStatus.OPEN);
            assertThat(lastChange(accepted).action()).isEqualTo("acceptance_expired");

            ScanDetail after = scan(project, ScanType.IAC, null, files(".vigil.yml", policy, "main.tf", PUBLIC_BUCKET));
            assertThat(tenant.owner().findings().get(accepted.id()).status()).isEqualTo(FindingStatus.OPEN);
            assertThat(policyWarnings(after)).extracting(ScanWarning::message)
                    .containsExactly("Line 3: until has passed (rule aws-s3-public-acl)");
        } finally {
            CLOCK.advance(Duration.ofDays(-3));
        }
    }

    @Test
    void removingAnEntryReopensOnlyWhatItClosedAndNobodyChangedSince() {
        Project project = project("removal");
        String t1 = token();
        String t2 = token();
        String policy = """
                version: 1
                ignore:
                  - rule: github-pat
                    paths: ["fixtures/**"]
                    status: false_positive
                    reason: "revoked tokens kept as test fixtures"
                """;
        Map<String, String> code = files("fixtures/a.env", "TOKEN=" + t1 + "\n", "fixtures/b.env", "TOKEN=" + t2 + "\n");
        Map<String, String> withPolicy = new LinkedHashMap<>(code);
        withPolicy.put(".vigil.yml", policy);
        scan(project, ScanType.SECRETS, null, withPolicy);
        Finding a = at(project, "fixtures/a.env:1");
        Finding b = at(project, "fixtures/b.env:1");
        assertThat(List.of(a.status(), b.status())).containsOnly(FindingStatus.FALSE_POSITIVE);
        tenant.owner().changeStatus(b.id(), new StatusChange(TriageAction.REOPEN, null, null));
        tenant.owner().changeStatus(b.id(), new StatusChange(TriageAction.FALSE_POSITIVE, "checked by hand", null));

        ScanDetail removed = scan(project, ScanType.SECRETS, null, code);

        assertThat(tenant.owner().findings().get(a.id()).status()).isEqualTo(FindingStatus.OPEN);
        assertThat(tenant.owner().findings().get(a.id()).acceptedBy()).isNull();
        assertThat(lastChange(a).action()).isEqualTo("policy_withdrawn");
        assertThat(lastChange(a).actor()).isEqualTo("policy:.vigil.yml");
        assertThat(tenant.owner().findings().get(b.id()).status()).isEqualTo(FindingStatus.FALSE_POSITIVE);
        assertThat(removed.policy()).isEqualTo(new ScanPolicy(0, List.of()));
        assertCountsFollow(project);
    }

    @Test
    void changingAnEntryUpdatesWhatItClosed() {
        Project project = project("changed-entry");
        String entry = """
                version: 1
                ignore:
                  - rule: aws-s3-public-acl
                    status: %s
                    reason: "%s"
                """;
        scan(project, ScanType.IAC, null, files(".vigil.yml", entry.formatted("false_positive", "a deliberate setting"),
                "main.tf", PUBLIC_BUCKET));
        Finding acl = rule(project, "main.tf", "aws-s3-public-acl");
        assertThat(acl.status()).isEqualTo(FindingStatus.FALSE_POSITIVE);

        LocalDate until = today().plusDays(30);
        scan(project, ScanType.IAC, null, files(".vigil.yml", entry.formatted("accepted", "until the CDN is live")
                + "    until: " + until + "\n", "main.tf", PUBLIC_BUCKET));

        Finding changed = tenant.owner().findings().get(acl.id());
        assertThat(changed.status()).isEqualTo(FindingStatus.ACCEPTED);
        assertThat(changed.acceptedReason()).isEqualTo("until the CDN is live");
        assertThat(changed.acceptedUntil()).isEqualTo(until);
        assertThat(tenant.owner().findings().history(acl.id(), 20, null).data()).extracting(HistoryEntry::action)
                .containsExactly("detected", "policy_applied", "policy_applied");
        assertCountsFollow(project);
    }

    @Test
    void aPolicyFileBelowTheRootIsNotThePolicy() {
        Project project = project("not-root");
        String policy = """
                version: 1
                ignore:
                  - rule: aws-s3-public-acl
                    status: false_positive
                    reason: "a deliberate setting"
                """;

        ScanDetail done = scan(project, ScanType.IAC, null, files("infra/.vigil.yml", policy, "main.tf", PUBLIC_BUCKET));

        assertThat(rule(project, "main.tf", "aws-s3-public-acl").status()).isEqualTo(FindingStatus.OPEN);
        assertThat(done.policy()).isEqualTo(new ScanPolicy(0, List.of()));
    }

    @Test
    void pullRequestScanNeitherIntroducesNorBlocksIgnoredFindings() {
        Project project = project("pull-request");
        scan(project, ScanType.SECRETS, null, files("README.md", "hello\n"));

        ScanDetail ignored = scan(project, ScanType.SECRETS, 7, files("test/config.env",
                "# vigil:ignore revoked token used by the parser tests\nTOKEN=" + token() + "\n"));
        ScanDetail control = scan(project, ScanType.SECRETS, 8, files("test/config.env", "TOKEN=" + token() + "\n"));

        assertThat(ignored.summary().introduced()).isZero();
        assertThat(ignored.isBlocked()).isFalse();
        assertThat(ignored.policy().applied()).isEqualTo(1);
        assertThat(control.summary().introduced()).isEqualTo(1);
        assertThat(control.isBlocked()).isTrue();
        assertThat(findings(project)).isEmpty();
    }

    @Test
    void inlineCommentsMarkSecretsFalsePositiveInEachCommentSyntax() {
        Project project = project("inline-secrets");
        Map<String, String> files = files(
                "infra/hash.tf", "# vigil:ignore test value, not a secret\ntoken = \"" + token() + "\"\n",
                "infra/slashes.tf", "token = \"" + token() + "\" // vigil:ignore[github-pat] fixture\n",
                "infra/block.tf", "/* vigil:ignore revoked in 2025 */\ntoken = \"" + token() + "\"\n",
                "deploy/values.yaml", "token: " + token() + "  # vigil:ignore documentation sample\n",
                "tools/client.py", "# vigil:ignore: example for the README\nTOKEN = \"" + token() + "\"\n",
                "tools/run.sh", "export TOKEN=" + token() + " # vigil:ignore placeholder for CI\n",
                "web/app.js", "// vigil:ignore mock for unit tests\nconst token = \"" + token() + "\";\n",
                "src/Demo.java", "class Demo { String token = \"" + token() + "\"; // vigil:ignore demo only\n}\n",
                ".env", "# vigil:ignore local sample\nTOKEN=" + token() + "\n",
                "other/wrong-rule.env", "# vigil:ignore[aws-access-token] not this rule\nTOKEN=" + token() + "\n",
                "other/no-reason.env", "# vigil:ignore\nTOKEN=" + token() + "\n",
                "other/not-a-comment.env", "NOTE=vigil:ignore because\nTOKEN=" + token() + "\n",
                "other/too-far.env", "# vigil:ignore two lines above\n\nTOKEN=" + token() + "\n");

        ScanDetail done = scan(project, ScanType.SECRETS, null, files);

        for (String path : List.of("infra/hash.tf", "infra/slashes.tf", "infra/block.tf", "deploy/values.yaml",
                "tools/client.py", "tools/run.sh", "web/app.js", "src/Demo.java", ".env")) {
            Finding finding = findings(project).stream().filter(f -> f.location().startsWith(path + ":")).findFirst()
                    .orElseThrow(() -> new AssertionError("no finding in " + path));
            assertThat(finding.status()).as(path).isEqualTo(FindingStatus.FALSE_POSITIVE);
            assertThat(finding.acceptedBy()).as(path).isEqualTo("policy:inline");
            assertThat(lastChange(finding).reason()).as(path).startsWith("vigil:ignore").contains(" at " + path + ":");
        }
        for (String path : List.of("other/wrong-rule.env", "other/no-reason.env", "other/not-a-comment.env",
                "other/too-far.env")) {
            assertThat(findings(project)).filteredOn(f -> f.location().startsWith(path + ":")).singleElement()
                    .satisfies(f -> assertThat(f.status()).as(path).isEqualTo(FindingStatus.OPEN));
        }
        assertThat(policyWarnings(done)).singleElement().satisfies(w -> {
            assertThat(w.path()).isEqualTo("other/no-reason.env");
            assertThat(w.message()).isEqualTo("Line 1: vigil:ignore needs a reason after it");
        });
        assertThat(done.policy().applied()).isEqualTo(9);
    }

    @Test
    void inlineCommentMarksAnIacFindingFalsePositive() {
        Project project = project("inline-iac");
        String terraform = """
                resource "aws_s3_bucket" "site" {
                  bucket = "site"
                  # vigil:ignore[CKV_AWS_20] the bucket serves the public website
                  acl    = "public-read"
                }
                """;

        scan(project, ScanType.IAC, null, files("main.tf", terraform));

        Finding acl = rule(project, "main.tf", "aws-s3-public-acl");
        assertThat(acl.status()).isEqualTo(FindingStatus.FALSE_POSITIVE);
        assertThat(acl.acceptedReason()).isEqualTo("the bucket serves the public website");
        assertThat(findings(project)).filteredOn(f -> !f.ruleId().equals("aws-s3-public-acl"))
                .isNotEmpty().allSatisfy(f -> assertThat(f.status()).isEqualTo(FindingStatus.OPEN));
    }

    @Test
    void packageEntryAcceptsOnlyVersionsInItsRange() {
        Project project = project("package-range");
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

        ScanDetail done = scan(project, ScanType.SCA, null, files(".vigil.yml", policy, "pom.xml", POM));

        Finding log4shell = findings(project).stream().filter(f -> f.ruleId().equals("GHSA-jfh8-c2jp-5v3q"))
                .findFirst().orElseThrow();
        assertThat(log4shell.status()).isEqualTo(FindingStatus.ACCEPTED);
        assertThat(log4shell.acceptedBy()).isEqualTo("policy:.vigil.yml");
        assertThat(done.policy().unmatched()).containsExactly(new ScanPolicy.Unmatched(8, "GHSA-jfh8-c2jp-5v3q"));
    }
}
