package dev.vigil.server.hostile;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.model.ExportFormat;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.model.ScanWarning;
import dev.vigil.server.store.Dialect;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.TestServer;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Hostile archive content: no warning, response, log line or database file quotes what a malformed file holds. */
class ArchiveContentTest {

    private static final String GITHUB_TOKEN = "ghp_Vq3xL8mN2pR5tW9yB1cD4fG7hJ0kM6sA2eQz";
    private static final String AWS_KEY_ID = "AKIAZ4QW7ERT2YUI9OPL";
    private static final String AWS_SECRET = "k9Lm2Np4Qr6St8Uv0Wx1Yz3Ab5Cd7Ef9Gh2Ij4K";

    @Test
    void malformedFilesQuoteNoSecretInAnyResponseLogLineOrDatabaseFile() throws Exception {
        Map<String, String> malformed = new LinkedHashMap<>();
        malformed.put("package-lock.json", "{\"name\": \"shop\", \"token\": " + GITHUB_TOKEN + "}\n");
        malformed.put("deploy/app.yaml", "apiVersion: v1\nkind: Secret\ndata:\n  key: " + AWS_SECRET
                + ": [" + GITHUB_TOKEN + "\n");
        malformed.put("infra/main.tf", "resource \"aws_iam_user\" \"ci\" {\n  key = <<" + GITHUB_TOKEN + "\n  "
                + AWS_KEY_ID + "\n}\n");
        malformed.put("Cargo.lock", "[[package]\nname = " + GITHUB_TOKEN + "\nversion = \"" + AWS_SECRET + "\n");
        malformed.put("pom.xml", "<project><" + GITHUB_TOKEN + "><aws>" + AWS_KEY_ID + ":" + AWS_SECRET
                + "</aws></project>\n");
        List<String> logged = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record.getMessage() + " " + Arrays.toString(record.getParameters())
                        + (record.getThrown() == null ? "" : " " + stackTrace(record.getThrown())));
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        root.addHandler(capture);
        List<String> seen = new ArrayList<>();
        Path dataDir;
        try (TestServer fileBacked = TestServer.start(s -> s.withDatabase(Dialect.hsqldbFileUrl(s.dataDir())))) {
            dataDir = fileBacked.dataDir();
            var owner = fileBacked.tenant().owner();
            Project project = owner.createProject(new NewProject("malformed", "main"));
            var scan = owner.submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(malformed)), project.id(),
                    "main", "9".repeat(40), ScanType.FULL));
            ScanDetail detail = owner.awaitScan(scan.id(), Duration.ofSeconds(60));
            assertThat(detail.status()).isEqualTo(ScanStatus.COMPLETED);
            List<ScanWarning> rejected = detail.scanWarnings().stream()
                    .filter(w -> List.of("IAC_PARSE_ERROR", "MANIFEST_UNPARSEABLE").contains(w.code())).toList();
            assertThat(rejected).extracting(ScanWarning::path)
                    .containsExactlyInAnyOrder("package-lock.json", "deploy/app.yaml", "infra/main.tf", "pom.xml");
            assertThat(rejected).allSatisfy(w -> assertThat(w.message()).startsWith("cannot parse this file at line "));

            seen.add(owner.send("GET", "/v1/scans/" + scan.id(), Map.of(), null).text());
            seen.add(owner.send("GET", "/v1/scans?limit=100", Map.of(), null).text());
            seen.add(owner.getSarif(scan.id()).toString());
            seen.add(owner.send("GET", "/v1/repo-vulnerabilities?limit=100", Map.of(), null).text());
            for (ExportFormat format : ExportFormat.values()) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                owner.exportFindings(FindingFilter.none(), format, out);
                seen.add(out.toString(StandardCharsets.UTF_8));
            }
        } finally {
            root.removeHandler(capture);
        }

        List<String> secrets = List.of(GITHUB_TOKEN, AWS_KEY_ID, AWS_SECRET);
        assertThat(seen).allSatisfy(text -> assertThat(text).doesNotContain(secrets));
        assertThat(logged).allSatisfy(line -> assertThat(line).doesNotContain(secrets));
        try (Stream<Path> files = Files.walk(dataDir)) {
            assertThat(files.filter(Files::isRegularFile).toList()).isNotEmpty().allSatisfy(file -> assertThat(
                    new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1)).as(file.toString())
                    .doesNotContain(secrets));
        }
    }

    private static String stackTrace(Throwable thrown) {
        java.io.StringWriter text = new java.io.StringWriter();
        thrown.printStackTrace(new java.io.PrintWriter(text));
        return text.toString();
    }
}
