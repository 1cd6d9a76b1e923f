package dev.vigil.server.api;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.Scan;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@VigilServerTest
class ScanLifecycleTest {

    private static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";
    private static TestServer server;
    private static TestServer.Tenant tenant;

    @Test
    void submittedScanRunsToCompletedWithSarif() {
        Project project = tenant.owner().createProject(new NewProject("lifecycle", "main"));
        byte[] archive = Archives.tarGz(Map.of("README.md", "hello\n", "src/app.py", "print('hi')\n"));
        Scan scan = tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(archive), project.id(), "main", COMMIT,
                ScanType.SECRETS));
        assertThat(scan.status()).isEqualTo(ScanStatus.PENDING);

        ScanDetail done = tenant.owner().awaitScan(scan.id(), Duration.ofSeconds(30));

        assertThat(done.status()).isEqualTo(ScanStatus.COMPLETED);
        assertThat(done.completedAt()).isNotNull();
        assertThat(done.sarif().path("version").asText()).isEqualTo("2.1.0");
    }
}
