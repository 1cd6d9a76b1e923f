package dev.vigil.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingDetail;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.Json;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.server.advisories.AdvisoryImporter;
import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.advisories.OsvParser;
import dev.vigil.server.scan.iac.IacScanner;
import dev.vigil.server.scan.sca.Advisory;
import dev.vigil.server.scan.secrets.SecretsScanner;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.GitHubTokens;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** GET /v1/repo-vulnerabilities/:id: the code around a finding, its references and CVSS, after a real scan. */
@VigilServerTest
class FindingDetailTest {

    private static final String TOKEN = GitHubTokens.withChecksum("ghp_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy");
    private static final String BACKUP_TOKEN = GitHubTokens.withChecksum("ghp_Zy9xWv8uTs7rQp6oNm5lKj4iHg3fEd");
    private static final String LATE_TOKEN = GitHubTokens.withChecksum("ghp_Qw2eRt4yUi6oPa8sDf0gHj1kLz3xCv");
    private static final String AWS_KEY = "AKIAQ7XLMN4RT2VWZ5BC";
    private static final String CVSS = "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H";
    private static final String LONG_VALUE = "n".repeat(1000);
    private static final String TERRAFORM = """
            provider "aws" {
              region     = "eu-west-1"
              access_key = "%s"
            }

            resource "aws_s3_bucket" "data" {
              bucket = "ctx-data"
            }
            """.formatted(AWS_KEY);
    private static final String LOCKFILE = """
            {"name": "app", "version": "1.0.0", "lockfileVersion": 3,
             "packages": {
               "": {"name": "app", "version": "1.0.0",
                    "dependencies": {"ctx-left-pad": "^1.0.0", "ctx-right-pad": "^1.0.0"}},
               "node_modules/ctx-left-pad": {"version": "1.0.0"},
               "node_modules/ctx-right-pad": {"version": "1.0.0"}
             }}
            """;

    private static TestServer server;
    private static TestServer.Tenant tenant;
    private static ScanDetail scan;
    private static List<Finding> findings;

    @BeforeAll
    static void scanAProjectOfEveryKind() throws Exception {
        new AdvisoryImporter(server.server().database(), new AdvisoryRepository(), Clock.systemUTC())
                .importAdvisories(List.of(
                        advisory("GHSA-c7x1-2m3p-4q5r", "npm", "ctx-left-pad", "2.0.0", """
                                "aliases": ["CVE-2099-1111"],
                                "severity": [{"type": "CVSS_V3", "score": "%s"}],
                                "references": [{"type": "WEB", "url": "https://example.com/ctx-left-pad/advisory"}],
                                """.formatted(CVSS)),
                        advisory("GHSA-f8g9-h2j3-m4p5", "npm", "ctx-right-pad", "1.5.0", ""),
                        advisory("GHSA-q6r7-v8w9-x2c3", "PyPI", "ctx-py-lib", "1.1.0", "")), "test");
        Map<String, String> files = new LinkedHashMap<>();
        files.put("config/app.env", "# service settings\nGITHUB_TOKEN=" + TOKEN + "\nBACKUP_TOKEN=" + BACKUP_TOKEN
                + "\nREGION=eu-west-1\nNOTES=" + LONG_VALUE + "\nDEBUG=false\n");
        files.put("deploy/late.env", "# line 1\n# line 2\n# line 3\n# line 4\n# line 5\n# line 6\n# line 7\n"
                + "# line 8\n# line 9\nGITHUB_TOKEN=" + LATE_TOKEN + "\n");
        files.put("infra/main.tf", TERRAFORM);
        files.put("web/package-lock.json", LOCKFILE);
        files.put("py/requirements.txt", "ctx-py-lib==1.0.0\n# \u0000 a NUL byte: git calls this file binary\n");
        Project project = tenant.owner().createProject(new NewProject("context", "main"));
        var submitted = tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(files)),
                project.id(), "main", "c".repeat(40), ScanType.FULL));
        scan = tenant.owner().awaitScan(submitted.id(), Duration.ofSeconds(90));
        assertThat(scan.status()).isEqualTo(ScanStatus.COMPLETED);
        findings = tenant.owner().findings().all(FindingFilter.none()).toList();
    }

    private static Advisory advisory(String id, String ecosystem, String name, String fixed, String more)
            throws Exception {
        JsonNode osv = Json.mapper().readTree("""
                {"id": "%s", "modified": "2025-01-01T00:00:00Z", "summary": "%s is unsafe", %s
                 "affected": [{"package": {"ecosystem": "%s", "name": "%s"},
                               "ranges": [{"type": "ECOSYSTEM", "events": [{"introduced": "0"}, {"fixed": "%s"}]}]}]}
                """.formatted(id, name, more, ecosystem, name, fixed));
        return OsvParser.parse(osv, "test").orElseThrow();
    }

    private static Finding finding(String location) {
        return findings.stream().filter(f -> f.location().equals(location)).findFirst()
                .orElseThrow(() -> new AssertionError("no finding at " + location + " among " + findings));
    }

    private static FindingDetail detail(Finding finding) {
        return tenant.owner().findings().detail(finding.id());
    }

    @Test
    void theContextOfASecretShowsItsLinesWithEverySecretOnThemMasked() {
        Finding secret = finding("config/app.env:2");

        FindingDetail.Context context = detail(secret).context();

        String mask = secret.description().substring(secret.description().lastIndexOf(' ') + 1);
        assertThat(mask).isEqualTo("ghp_****");
        assertThat(context.startLine()).isEqualTo(1);
        assertThat(context.lines()).hasSize(5);
        assertThat(context.lines().subList(0, 4)).containsExactly("# service settings", "GITHUB_TOKEN=" + mask,
                "BACKUP_TOKEN=ghp_****", "REGION=eu-west-1");
        assertThat(String.join("\n", context.lines())).doesNotContain(TOKEN).doesNotContain(BACKUP_TOKEN);
    }

    @Test
    void aLongLineIsClippedToThreeHundredCharacters() {
        FindingDetail.Context context = detail(finding("config/app.env:3")).context();

        assertThat(context.startLine()).isEqualTo(1);
        assertThat(context.lines()).hasSize(6);
        assertThat(context.lines().get(4)).hasSize(300).isEqualTo(("NOTES=" + LONG_VALUE).substring(0, 300));
        assertThat(context.lines().get(5)).isEqualTo("DEBUG=false");
    }

    @Test
    void aFindingOnTheLastLineHasTheThreeLinesBeforeIt() {
        FindingDetail.Context context = detail(finding("deploy/late.env:10")).context();

        assertThat(context.startLine()).isEqualTo(7);
        assertThat(context.lines()).containsExactly("# line 7", "# line 8", "# line 9", "GITHUB_TOKEN=ghp_****");
    }

    @Test
    void theContextOfAnIacFindingMasksTheSecretsOfItsFile() {
        List<Finding> iac = findings.stream().filter(f -> f.scanType() == ScanKind.IAC
                && f.location().startsWith("infra/main.tf:")).toList();

        assertThat(iac).isNotEmpty().allSatisfy(f -> {
            FindingDetail.Context context = detail(f).context();
            int line = Integer.parseInt(f.location().substring(f.location().lastIndexOf(':') + 1));
            assertThat(context.startLine()).isEqualTo(Math.max(1, line - 3));
            assertThat(String.join("\n", context.lines())).doesNotContain(AWS_KEY);
            if (context.startLine() <= 3) {
                assertThat(context.lines().get(3 - context.startLine())).isEqualTo("  access_key = \"AKIA****\"");
            }
        });
        assertThat(iac).anySatisfy(f -> assertThat(detail(f).context().startLine()).isLessThanOrEqualTo(3));
    }

    @Test
    void aFindingInABinaryFileHasNoContext() {
        Finding binary = finding("py/requirements.txt:1");

        FindingDetail detail = detail(binary);

        assertThat(detail.context()).isNull();
        assertThat(detail.references()).contains("https://github.com/advisories/GHSA-q6r7-v8w9-x2c3");
    }

    @Test
    void anAdvisoryFindingLinksItsPagesAndItsAliasesAndGivesItsCvss() {
        Finding left = findings.stream().filter(f -> f.ruleId().equals("GHSA-c7x1-2m3p-4q5r")).findFirst().orElseThrow();

        FindingDetail detail = detail(left);

        assertThat(detail.references()).containsExactly(
                "https://github.com/advisories/GHSA-c7x1-2m3p-4q5r",
                "https://osv.dev/vulnerability/GHSA-c7x1-2m3p-4q5r",
                "https://osv.dev/vulnerability/CVE-2099-1111",
                "https://nvd.nist.gov/vuln/detail/CVE-2099-1111",
                "https://example.com/ctx-left-pad/advisory");
        assertThat(detail.cvss()).isEqualTo(new FindingDetail.Cvss("3.1", CVSS, 9.8));
        assertThat(detail.context()).isNotNull();
        assertThat(detail.context().lines()).anySatisfy(line -> assertThat(line).contains("ctx-left-pad"));
        assertThat(detail.dependencyPath()).containsExactly("app@1.0.0", "ctx-left-pad@1.0.0");
        assertThat(detail.remediation()).isEqualTo("Upgrade ctx-left-pad to 2.0.0 or later: npm install ctx-left-pad@2.0.0.");
    }

    @Test
    void anAdvisoryWithoutAVectorHasNoCvss() {
        Finding right = findings.stream().filter(f -> f.ruleId().equals("GHSA-f8g9-h2j3-m4p5")).findFirst().orElseThrow();

        FindingDetail detail = detail(right);

        assertThat(detail.cvss()).isNull();
        assertThat(detail.references()).containsExactly("https://github.com/advisories/GHSA-f8g9-h2j3-m4p5",
                "https://osv.dev/vulnerability/GHSA-f8g9-h2j3-m4p5");
    }

    @Test
    void iacAndSecretsFindingsReferToTheirRulesHelpAndHaveNoCvss() {
        Finding iac = findings.stream().filter(f -> f.scanType() == ScanKind.IAC).findFirst().orElseThrow();
        Finding secret = finding("config/app.env:2");

        FindingDetail iacDetail = detail(iac);
        FindingDetail secretDetail = detail(secret);

        List<String> help = IacScanner.bundledHelp(iac.ruleId()).orElseThrow().urls();
        assertThat(help).isNotEmpty().allSatisfy(url -> assertThat(url).startsWith("https://"));
        assertThat(iacDetail.references()).isEqualTo(help);
        assertThat(iacDetail.cvss()).isNull();
        List<String> secretHelp = SecretsScanner.helpOf(secret.ruleId()).orElseThrow().urls();
        assertThat(secretHelp).isNotEmpty().allSatisfy(url -> assertThat(url).startsWith("https://"));
        assertThat(secretDetail.references()).isEqualTo(secretHelp);
        assertThat(secretDetail.cvss()).isNull();
        assertThat(secretDetail.dependencyPath()).isNull();
    }

    @Test
    void theDetailIsTheFindingsFieldsWithTheFiveMoreAndNoSecret() {
        Finding secret = finding("config/app.env:2");

        var response = tenant.owner().send("GET", "/v1/repo-vulnerabilities/" + secret.id(), Map.of(), null);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.text()).doesNotContain(TOKEN).doesNotContain(BACKUP_TOKEN);
        JsonNode json = response.json();
        assertThat(json.path("id").asText()).isEqualTo(secret.id().toString());
        assertThat(json.path("rule_id").asText()).isEqualTo(secret.ruleId());
        assertThat(json.has("context") && json.has("references") && json.has("cvss") && json.has("dependency_path")
                && json.has("remediation")).isTrue();
        assertThat(json.path("context").path("start_line").asInt()).isEqualTo(1);
        assertThat(tenant.owner().send("GET", "/v1/repo-vulnerabilities/" + UUID.randomUUID(), Map.of(), null)
                .status()).isEqualTo(404);
    }

    @Test
    void sarifGivesEachAdvisoryItsHelpAndPage() {
        JsonNode rules = tenant.owner().getSarif(scan.id()).path("runs").get(0).path("tool").path("driver")
                .path("rules");

        JsonNode advisory = null;
        for (JsonNode rule : rules) {
            if (rule.path("id").asText().equals("GHSA-c7x1-2m3p-4q5r")) {
                advisory = rule;
            }
        }

        assertThat(advisory).isNotNull();
        assertThat(advisory.path("helpUri").asText()).isEqualTo("https://github.com/advisories/GHSA-c7x1-2m3p-4q5r");
        assertThat(advisory.path("help").path("text").asText()).startsWith("ctx-left-pad is unsafe")
                .contains("Upgrade ctx-left-pad to 2.0.0 or later");
        assertThat(advisory.path("help").path("markdown").asText())
                .contains("<https://nvd.nist.gov/vuln/detail/CVE-2099-1111>")
                .contains("<https://example.com/ctx-left-pad/advisory>");
    }
}
