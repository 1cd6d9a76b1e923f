package dev.vigil.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingDetail;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.model.Severity;
import dev.vigil.server.advisories.AdvisoryImporter;
import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.store.MergeRepository;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.TestData;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code dependency_path} and {@code remediation} of SCA findings, from the Juice Shop lockfile in testdata. */
@VigilServerTest
class DependencyPathTest {

    private static final String ROOT = "juice-shop@6.2.0-SNAPSHOT";
    private static TestServer server;
    private static TestServer.Tenant tenant;
    private static List<Finding> findings;

    @BeforeAll
    static void scanTheJuiceShopLockfile() throws Exception {
        try (var files = Files.list(TestData.advisory("ghsa"))) {
            new AdvisoryImporter(server.server().database(), new AdvisoryRepository(), Clock.systemUTC())
                    .importPaths(files.toList());
        }
        Path dir = TestData.file("sca/juice-shop-ftp");
        byte[] archive = Archives.tarGz(Map.of(
                "ftp/package-lock.json", Files.readString(dir.resolve("package-lock.json")),
                "ftp/package.json", Files.readString(dir.resolve("package.json")),
                "main.tf", "resource \"aws_s3_bucket\" \"logs\" {\n  acl = \"public-read\"\n}\n"));
        Project project = tenant.owner().createProject(new NewProject("juice-shop", "main"));
        var scan = tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(archive), project.id(), "main",
                "7".repeat(40), ScanType.FULL));
        ScanDetail done = tenant.owner().awaitScan(scan.id(), Duration.ofSeconds(60));
        assertThat(done.status()).isEqualTo(ScanStatus.COMPLETED);
        findings = tenant.owner().findings().all(FindingFilter.none()).toList();
    }

    @Test
    void showsTheChainThroughTheDirectDependencyAndPinsATransitiveOneWithNpmOverrides() {
        FindingDetail jsonwebtoken = tenant.owner().findings().detail(finding("GHSA-c7hr-j4mj-j2w6").id());

        assertThat(jsonwebtoken.dependencyPath()).containsExactly(ROOT, "express-jwt@0.1.3", "jsonwebtoken@0.1.0");
        assertThat(jsonwebtoken.remediation()).isEqualTo("jsonwebtoken 0.1.0 comes in through express-jwt@0.1.3;"
                + " pin it with npm's overrides in package.json, \"overrides\": {\"jsonwebtoken\": \"4.2.2\"}, then"
                + " run npm install (npm 8.3 or later). 4.2.2 is a new major version: test express-jwt@0.1.3 with it.");
    }

    @Test
    void shouldOfferTheFixedVersionAsTheFixOfATransitiveDependencyAndTheCommandForADirectOne() {
        JsonNode jsonwebtoken = tenant.owner().send("GET", "/v1/repo-vulnerabilities/"
                + finding("GHSA-c7hr-j4mj-j2w6").id(), Map.of(), null).json();

        assertThat(jsonwebtoken.path("is_direct").asBoolean()).isFalse();
        assertThat(jsonwebtoken.path("fix_available").asText()).isEqualTo("4.2.2");
        assertThat(findings).filteredOn(f -> f.scanType() == ScanKind.SCA && f.fixAvailable() != null)
                .isNotEmpty()
                .allSatisfy(f -> assertThat(f.fixAvailable().startsWith("npm install ")).as(f.ruleId())
                        .isEqualTo(f.isDirect()));
    }

    @Test
    void answersTheFieldsInSnakeCaseAndNullForAFindingOfAnotherKind() {
        Finding lodash = finding("GHSA-jf85-cpcp-j695");
        JsonNode body = tenant.owner().send("GET", "/v1/repo-vulnerabilities/" + lodash.id(), Map.of(), null).json();
        Finding iac = findings.stream().filter(f -> f.location().startsWith("main.tf:")).findFirst().orElseThrow();
        JsonNode other = tenant.owner().send("GET", "/v1/repo-vulnerabilities/" + iac.id(), Map.of(), null).json();

        assertThat(body.path("dependency_path").get(0).asText()).isEqualTo(ROOT);
        assertThat(body.path("dependency_path").get(body.path("dependency_path").size() - 1).asText())
                .startsWith("lodash@");
        assertThat(body.path("remediation").asText()).contains("\"overrides\": {\"lodash\": \"4.17.12\"}");
        assertThat(other.path("dependency_path").isNull()).isTrue();
        assertThat(other.path("remediation").isNull()).isTrue();
    }

    @Test
    void shouldGiveEachFindingItsListedFieldsItsContextAndItsDependencyInTheDetail() {
        for (Finding listed : findings) {
            FindingDetail detail = tenant.owner().findings().detail(listed.id());

            assertThat(detail.finding()).as(listed.ruleId()).isEqualTo(listed);
            int line = Integer.parseInt(listed.location().substring(listed.location().lastIndexOf(':') + 1));
            assertThat(detail.context()).as(listed.location()).isNotNull();
            assertThat(line).isBetween(detail.context().startLine(),
                    detail.context().startLine() + detail.context().lines().size() - 1);
            if (listed.scanType() == ScanKind.SCA) {
                assertThat(detail.dependencyPath()).as(listed.ruleId()).startsWith(ROOT);
                assertThat(detail.remediation()).as(listed.ruleId()).isNotBlank();
            } else {
                assertThat(detail.dependencyPath()).isNull();
                assertThat(detail.remediation()).isNull();
            }
        }
    }

    @Test
    void shouldAnswerNullsForAFindingStoredWithoutContextOrDependency() {
        Project project = tenant.owner().createProject(new NewProject("not-scanned-since", "main"));
        Detection stored = Detection.builder(ScanKind.SCA, "GHSA-jf85-cpcp-j695", Severity.HIGH,
                        "package-lock.json", 7, "npm:lodash")
                .title("Prototype pollution in lodash")
                .description("lodash 4.17.11 (npm) is affected by GHSA-jf85-cpcp-j695.")
                .fixAvailable("4.17.12")
                .build();
        FindingSeeder.insert(server.server().database(), tenant.id(), project.id(),
                List.of(new MergeRepository.NewFinding(UUID.randomUUID(), stored, System.currentTimeMillis(), null)));
        Finding listed = tenant.owner().findings().all(FindingFilter.none().withProject(project.id())).findFirst()
                .orElseThrow();

        FindingDetail detail = tenant.owner().findings().detail(listed.id());

        assertThat(detail.finding()).isEqualTo(listed);
        assertThat(detail.context()).isNull();
        assertThat(detail.dependencyPath()).isNull();
        assertThat(detail.remediation()).isNull();
        assertThat(detail.references()).isNotEmpty();
    }

    private static Finding finding(String ruleId) {
        return findings.stream().filter(f -> f.ruleId().equals(ruleId)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + ruleId + " among " + findings));
    }
}
