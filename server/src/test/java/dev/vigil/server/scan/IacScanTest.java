package dev.vigil.server.scan;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.TestServer;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** An iac scan through the real server: misconfigurations become findings with their lines and aliases. */
class IacScanTest {

    private static final String TERRAFORM = """
            resource "aws_security_group" "admin" {
              name = "admin"
              ingress {
                from_port   = 22
                to_port     = 22
                protocol    = "tcp"
                cidr_blocks = ["0.0.0.0/0"]
              }
            }
            """;
    private static final String DOCKERFILE = """
            FROM node:latest
            RUN curl -sL https://example.com/install.sh | sh
            CMD ["node", "server.js"]
            """;

    @Test
    void iacScanReportsMisconfigurationsWithLinesAndAliases() {
        try (TestServer server = TestServer.start()) {
            var tenant = server.tenant();
            Project project = tenant.owner().createProject(new NewProject("infra", "main"));
            var scan = tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(Map.of(
                    "infra/network.tf", TERRAFORM, "Dockerfile", DOCKERFILE))), project.id(), "main", "6".repeat(40),
                    ScanType.IAC));

            ScanDetail done = tenant.owner().awaitScan(scan.id(), Duration.ofSeconds(60));

            assertThat(done.status()).isEqualTo(ScanStatus.COMPLETED);
            List<Finding> findings = tenant.owner().findings().all(FindingFilter.none()).toList();
            assertThat(findings).isNotEmpty().allSatisfy(f -> assertThat(f.scanType()).isEqualTo(ScanKind.IAC));
            assertThat(findings).anySatisfy(f -> assertThat(f.location()).isEqualTo("infra/network.tf:7"));
            assertThat(findings).anySatisfy(f -> assertThat(f.location()).startsWith("Dockerfile:"));
            assertThat(findings).allSatisfy(f -> assertThat(f.fixAvailable()).isNotBlank());
            JsonNode rules = done.sarif().path("runs").get(0).path("tool").path("driver").path("rules");
            assertThat(rules.findValuesAsText("aliases").toString() + rules.toString()).contains("CKV_AWS_");
        }
    }
}
