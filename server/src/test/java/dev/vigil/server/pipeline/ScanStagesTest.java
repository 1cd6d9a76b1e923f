package dev.vigil.server.pipeline;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.Eventually;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** Each stage of a scan, submission to commit, is timed once in {@code /metrics}. */
@VigilServerTest
class ScanStagesTest {

    private static final Pattern COUNT = Pattern.compile("^vigil_scan_stage_seconds_count\\{stage=\"([a-z]+)\"} (\\S+)$",
            Pattern.MULTILINE);

    private static TestServer server;
    private static TestServer.Tenant tenant;

    private static long count(String metrics, ScanStage stage) {
        Matcher m = COUNT.matcher(metrics);
        while (m.find()) {
            if (m.group(1).equals(stage.label())) {
                return (long) Double.parseDouble(m.group(2));
            }
        }
        throw new AssertionError("no count of stage " + stage.label() + " in /metrics");
    }

    private static String metrics() {
        return tenant.owner().send("GET", "/metrics", Map.of(), null).text();
    }

    @Test
    void shouldTimeEveryStageOfAFullScanOnceInTheMetrics() throws InterruptedException {
        Project project = tenant.owner().createProject(new NewProject("stages", "main"));
        byte[] archive = Archives.tarGz(Map.of("app.py", "print('hello')\n",
                "package.json", "{\"name\":\"a\",\"version\":\"1.0.0\"}\n",
                "main.tf", "resource \"aws_s3_bucket\" \"b\" {\n  bucket = \"b\"\n}\n"));

        ScanDetail done = tenant.owner().awaitScan(tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(archive),
                project.id(), "main", "3".repeat(40), ScanType.FULL)).id(), Duration.ofSeconds(30));
        assertThat(done.status()).isEqualTo(ScanStatus.COMPLETED);

        // the stages are reported just after the scan's commit, which the client may see first
        String metrics = Eventually.eventually(ScanStagesTest::metrics,
                text -> count(text, ScanStage.COMPLETED) == 1, "the completed stage counted");
        assertThat(Arrays.stream(ScanStage.values()).filter(stage -> count(metrics, stage) != 1))
                .as("stages not counted exactly once").isEmpty();
    }
}
