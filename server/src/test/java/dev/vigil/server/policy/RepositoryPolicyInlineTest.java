package dev.vigil.server.policy;

import dev.vigil.model.Finding;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanType;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.testing.MutableClock;
import dev.vigil.server.testing.SetUpServer;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.vigil.server.policy.PolicyFixtures.files;
import static dev.vigil.server.policy.PolicyFixtures.policyWarnings;
import static dev.vigil.server.policy.PolicyFixtures.token;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * vigil:ignore comments applied by real scans (docs/adr/0051): in each comment syntax, on secrets and IaC
 * findings, and in a pull request's scan, which neither introduces nor blocks what they ignore.
 */
@VigilServerTest
class RepositoryPolicyInlineTest {

    private static final MutableClock CLOCK = MutableClock.startingNow();
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

    @Test
    void pullRequestScanNeitherIntroducesNorBlocksIgnoredFindings() {
        Project project = owner.project("pull-request");
        owner.scan(project, ScanType.SECRETS, null, files("README.md", "hello\n"));

        ScanDetail ignored = owner.scan(project, ScanType.SECRETS, 7, files("test/config.env",
                "# vigil:ignore revoked token used by the parser tests\nTOKEN=" + token() + "\n"));
        ScanDetail control = owner.scan(project, ScanType.SECRETS, 8,
                files("test/config.env", "TOKEN=" + token() + "\n"));

        assertThat(ignored.summary().introduced()).isZero();
        assertThat(ignored.isBlocked()).isFalse();
        assertThat(ignored.policy().applied()).isEqualTo(1);
        assertThat(control.summary().introduced()).isEqualTo(1);
        assertThat(control.isBlocked()).isTrue();
        assertThat(owner.findings(project)).isEmpty();
    }

    @Test
    void inlineCommentsMarkSecretsFalsePositiveInEachCommentSyntax() {
        Project project = owner.project("inline-secrets");
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

        ScanDetail done = owner.scan(project, ScanType.SECRETS, null, files);

        for (String path : List.of("infra/hash.tf", "infra/slashes.tf", "infra/block.tf", "deploy/values.yaml",
                "tools/client.py", "tools/run.sh", "web/app.js", "src/Demo.java", ".env")) {
            Finding finding = owner.findings(project).stream().filter(f -> f.location().startsWith(path + ":"))
                    .findFirst().orElseThrow(() -> new AssertionError("no finding in " + path));
            assertThat(finding.status()).as(path).isEqualTo(FindingStatus.FALSE_POSITIVE);
            assertThat(finding.acceptedBy()).as(path).isEqualTo("policy:inline");
            assertThat(owner.lastChange(finding).reason()).as(path).startsWith("vigil:ignore")
                    .contains(" at " + path + ":");
        }
        for (String path : List.of("other/wrong-rule.env", "other/no-reason.env", "other/not-a-comment.env",
                "other/too-far.env")) {
            assertThat(owner.findings(project)).filteredOn(f -> f.location().startsWith(path + ":")).singleElement()
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
        Project project = owner.project("inline-iac");
        String terraform = """
                resource "aws_s3_bucket" "site" {
                  bucket = "site"
                  # vigil:ignore[CKV_AWS_20] the bucket serves the public website
                  acl    = "public-read"
                }
                """;

        owner.scan(project, ScanType.IAC, null, files("main.tf", terraform));

        Finding acl = owner.rule(project, "main.tf", "aws-s3-public-acl");
        assertThat(acl.status()).isEqualTo(FindingStatus.FALSE_POSITIVE);
        assertThat(acl.acceptedReason()).isEqualTo("the bucket serves the public website");
        assertThat(owner.findings(project)).filteredOn(f -> !f.ruleId().equals("aws-s3-public-acl"))
                .isNotEmpty().allSatisfy(f -> assertThat(f.status()).isEqualTo(FindingStatus.OPEN));
    }
}
