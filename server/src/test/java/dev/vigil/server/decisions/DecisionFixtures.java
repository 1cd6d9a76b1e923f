package dev.vigil.server.decisions;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilClient;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.server.advisories.AdvisoryImporter;
import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.TestServer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two made-up npm advisories (so that the bundled snapshot never matches them), lockfiles and Terraform that
 * produce known findings, and a scan of the default branch that waits for its merge.
 */
final class DecisionFixtures {

    static final String LEFT = "GHSA-vg11-aaaa-0001";
    static final String LEFT_CVE = "CVE-2099-0001";
    static final String RIGHT = "GHSA-vg11-bbbb-0002";
    static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";

    private DecisionFixtures() {
    }

    static void importAdvisories(TestServer server) {
        String left = record(LEFT, "vigil-left-pad", "2.0.0", LEFT_CVE);
        String right = record(RIGHT, "vigil-right-pad", "3.0.0", "CVE-2099-0002");
        try {
            new AdvisoryImporter(server.server().database(), new AdvisoryRepository(), Clock.systemUTC())
                    .importZip(new ByteArrayInputStream(zip(Map.of("left.json", left, "right.json", right))),
                            "decision-fixtures.zip");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A package-lock.json (v3) locking the two packages at the given versions. */
    static String lockfile(String leftVersion, String rightVersion) {
        return """
                {"name": "app", "version": "1.0.0", "lockfileVersion": 3, "packages": {
                  "": {"name": "app", "dependencies": {"vigil-left-pad": "%1$s", "vigil-right-pad": "%2$s"}},
                  "node_modules/vigil-left-pad": {"version": "%1$s"},
                  "node_modules/vigil-right-pad": {"version": "%2$s"}}}
                """.formatted(leftVersion, rightVersion);
    }

    static final String PUBLIC_BUCKET = """
            resource "aws_s3_bucket" "site" {
              bucket = "site"
              acl    = "public-read"
            }
            """;

    static Project project(VigilClient owner, String name) {
        return owner.createProject(new NewProject(name + "-" + UUID.randomUUID().toString().substring(0, 8), "main"));
    }

    /** Scans the files on the default branch and waits until the scan completed. */
    static void scan(VigilClient owner, Project project, Map<String, String> files) {
        var scan = owner.submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(files)), project.id(), "main",
                COMMIT, ScanType.FULL));
        ScanDetail done = owner.awaitScan(scan.id(), Duration.ofSeconds(60));
        assertThat(done.status()).isEqualTo(ScanStatus.COMPLETED);
    }

    static List<Finding> findings(VigilClient client, Project project) {
        return client.findings().all(FindingFilter.none().withProject(project.id())).toList();
    }

    static Finding finding(VigilClient client, Project project, String ruleId) {
        return findings(client, project).stream().filter(f -> f.ruleId().equals(ruleId)).findFirst().orElseThrow();
    }

    private static String record(String id, String name, String fixed, String alias) {
        return """
                {"id":"%s","modified":"2024-05-01T00:00:00Z","aliases":["%s"],"summary":"Test advisory for %s",
                 "affected":[{"package":{"ecosystem":"npm","name":"%s"},
                   "ranges":[{"type":"SEMVER","events":[{"introduced":"0"},{"fixed":"%s"}]}]}]}
                """.formatted(id, alias, name, name, fixed).replace("\n", "");
    }

    private static byte[] zip(Map<String, String> files) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (var file : files.entrySet()) {
                zip.putNextEntry(new ZipEntry(file.getKey()));
                zip.write(file.getValue().getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return bytes.toByteArray();
    }
}
