package dev.vigil.server.scan;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.Json;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.model.ScanWarning;
import dev.vigil.model.Severity;
import dev.vigil.server.advisories.AdvisoryImporter;
import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.advisories.BundledSnapshot;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.TestData;
import dev.vigil.server.testing.TestServer;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A dependency scan through the real server, against advisories imported into its database. */
class ScaScanTest {

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

    private static Path ghsa() {
        return TestData.advisory("ghsa");
    }

    @Test
    void dependencyScanReportsTheAdvisoryWithItsFixAndServesTheBillOfMaterials() throws Exception {
        try (TestServer server = TestServer.start()) {
            var database = server.server().database();
            try (var files = Files.list(ghsa())) {
                new AdvisoryImporter(database, new AdvisoryRepository(), Clock.systemUTC()).importPaths(files.toList());
            }
            var tenant = server.tenant();
            Project project = tenant.owner().createProject(new NewProject("java-app", "main"));
            var scan = tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(Map.of(
                    "pom.xml", POM))), project.id(), "main", "7".repeat(40), ScanType.SCA));

            ScanDetail done = tenant.owner().awaitScan(scan.id(), Duration.ofSeconds(60));

            assertThat(done.status()).isEqualTo(ScanStatus.COMPLETED);
            List<Finding> findings = tenant.owner().findings().all(FindingFilter.none()).toList();
            assertThat(findings).singleElement().satisfies(f -> {
                assertThat(f.scanType()).isEqualTo(ScanKind.SCA);
                assertThat(f.ruleId()).isEqualTo("GHSA-jfh8-c2jp-5v3q");
                assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
                assertThat(f.location()).startsWith("pom.xml:");
                assertThat(f.fixAvailable()).contains("2.15.0");
                assertThat(f.isDirect()).isTrue();
            });
            var sbom = tenant.owner().send("GET", "/v1/scans/" + scan.id() + "/sbom", Map.of(), null);
            assertThat(sbom.status()).isEqualTo(200);
            JsonNode bom = Json.mapper().readTree(sbom.body());
            assertThat(bom.path("bomFormat").asText()).isEqualTo("CycloneDX");
            assertThat(bom.path("components").toString()).contains("pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1");
            assertThat(bom.path("vulnerabilities").toString()).contains("GHSA-jfh8-c2jp-5v3q");
        }
    }

    @Test
    void aServerWithItsBundledSnapshotFindsLog4ShellInAPom() {
        String configured = System.getProperty(BundledSnapshot.ENABLED_PROPERTY);
        System.setProperty(BundledSnapshot.ENABLED_PROPERTY, "true");
        try (TestServer server = TestServer.start()) {
            var tenant = server.tenant();
            Project project = tenant.owner().createProject(new NewProject("bundled", "main"));
            var scan = tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(Map.of(
                    "pom.xml", POM))), project.id(), "main", "9".repeat(40), ScanType.SCA));

            ScanDetail done = tenant.owner().awaitScan(scan.id(), Duration.ofSeconds(60));

            assertThat(done.status()).isEqualTo(ScanStatus.COMPLETED);
            assertThat(tenant.owner().findings().all(FindingFilter.none()).toList())
                    .extracting(Finding::ruleId).contains("GHSA-jfh8-c2jp-5v3q");
        } finally {
            if (configured == null) {
                System.clearProperty(BundledSnapshot.ENABLED_PROPERTY);
            } else {
                System.setProperty(BundledSnapshot.ENABLED_PROPERTY, configured);
            }
        }
    }

    @Test
    void ecosystemWithoutAdvisoriesIsNamedInTheWarnings() {
        try (TestServer server = TestServer.start()) {
            var tenant = server.tenant();
            Project project = tenant.owner().createProject(new NewProject("no-data", "main"));
            var scan = tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(Map.of(
                    "requirements.txt", "django==3.2.0\n"))), project.id(), "main", "8".repeat(40), ScanType.SCA));

            ScanDetail done = tenant.owner().awaitScan(scan.id(), Duration.ofSeconds(60));

            assertThat(done.scanWarnings()).extracting(ScanWarning::code).contains("NO_ADVISORY_DATA");
            assertThat(tenant.owner().send("GET", "/v1/scans/" + scan.id() + "/sbom", Map.of(), null).status())
                    .isEqualTo(200);
        }
    }
}
