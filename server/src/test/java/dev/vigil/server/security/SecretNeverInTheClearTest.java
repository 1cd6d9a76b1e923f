package dev.vigil.server.security;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.model.ExportFormat;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanType;
import dev.vigil.model.StatusChange;
import dev.vigil.model.TriageAction;
import dev.vigil.server.pr.TokenCipher;
import dev.vigil.server.scan.Fingerprints;
import dev.vigil.server.scan.SecretDigest;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.Dialect;
import dev.vigil.server.store.SecretFingerprints;
import dev.vigil.server.store.Sql;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.CapturedLog;
import dev.vigil.server.testing.TestServer;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** A planted secret reaches no database file, log line, SARIF log or response in the clear. */
class SecretNeverInTheClearTest {

    private static final String SECRET = "ghp_Zq8vN2kLm4Rt7Wx1Yb5Cd9Fg3Hj6Kp0Ms2a";
    private static final String AWS_SECRET = "wJa1rXUtnFEMI/K7MDENG/bPxRfiCYz9x3kT4pQs";

    @Test
    void plantedSecretsStayMasked() throws Exception {
        CapturedLog log = CapturedLog.start();
        Path dataDir;
        List<String> seen = new ArrayList<>();
        try (TestServer server = TestServer.start(s -> s.withDatabase(Dialect.hsqldbFileUrl(s.dataDir())))) {
            dataDir = server.dataDir();
            var tenant = server.tenant();
            Project project = tenant.owner().createProject(new NewProject("leaky", "main"));
            byte[] archive = Archives.tarGz(Map.of(".env", "GITHUB_TOKEN=" + SECRET + "\n",
                    "config/aws.ini", "[default]\naws_access_key_id = AKIAQ7XLMN4RT2VWZ5BC\naws_secret_access_key = "
                            + AWS_SECRET + "\n"));
            var scan = tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(archive), project.id(), "main",
                    "1".repeat(40), ScanType.SECRETS));
            ScanDetail detail = tenant.owner().awaitScan(scan.id(), Duration.ofSeconds(60));
            List<Finding> findings = tenant.owner().findings().list(FindingFilter.none(), 100, null).data();
            assertThat(findings).isNotEmpty();
            assertThat(findings).anySatisfy(f -> assertThat(f.description()).contains("ghp_****"));

            seen.add(detail.toString());
            seen.add(tenant.owner().getSarif(scan.id()).toString());
            seen.add(tenant.owner().send("GET", "/v1/repo-vulnerabilities?limit=100", Map.of(), null).text());
            seen.add(tenant.owner().send("GET", "/v1/scans/" + scan.id(), Map.of(), null).text());
            for (Finding f : findings) {
                seen.add(tenant.owner().send("GET", "/v1/repo-vulnerabilities/" + f.id(), Map.of(), null).text());
                seen.add(tenant.owner().send("GET", "/v1/repo-vulnerabilities/" + f.id() + "/history", Map.of(), null)
                        .text());
            }
            for (ExportFormat format : ExportFormat.values()) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                tenant.owner().findings().export(FindingFilter.none(), format, out);
                seen.add(out.toString(StandardCharsets.UTF_8));
            }
        } finally {
            log.close();
        }

        assertThat(seen).allSatisfy(text -> assertThat(text).doesNotContain(SECRET).doesNotContain(AWS_SECRET));
        assertThat(log.lines()).allSatisfy(line -> assertThat(line).doesNotContain(SECRET).doesNotContain(AWS_SECRET));
        assertThat(filesUnder(dataDir)).isNotEmpty().allSatisfy(file -> {
            String content = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
            assertThat(content).as(file.toString()).doesNotContain(SECRET).doesNotContain(AWS_SECRET);
        });
    }

    @Test
    void fingerprintsOfSecretsAreKeyedByTheInstallation() throws Exception {
        Finding first;
        Finding again;
        Finding elsewhere;
        try (TestServer server = TestServer.start(); TestServer other = TestServer.start()) {
            first = scannedSecret(server.tenant());
            again = scannedSecret(server.tenant());
            elsewhere = scannedSecret(other.tenant());
        }

        assertThat(first.fingerprint()).startsWith("fp_v1:").isNotEqualTo(unkeyed(first))
                .isEqualTo(again.fingerprint()).isNotEqualTo(elsewhere.fingerprint());
    }

    @Test
    void keysTheFingerprintsOfSecretsFoundBeforeAndKeepsTheirFindings() throws Exception {
        try (TestServer server = TestServer.start()) {
            TestServer.Tenant tenant = server.tenant();
            Project project = tenant.owner().createProject(new NewProject("upgraded", "main"));
            Finding found = scannedSecret(tenant, project);
            tenant.owner().changeStatus(found.id(), StatusChange.of(TriageAction.IN_PROGRESS));
            Database database = server.server().database();
            database.run(c -> {
                Sql.update(c, "UPDATE findings SET fingerprint = ? WHERE id = ?", unkeyed(found), found.id());
                Sql.update(c, "UPDATE secret_fingerprint_keying SET keyed = FALSE");
            });

            SecretFingerprints.keyOnce(database,
                    SecretDigest.under(TokenCipher.installationKey(Optional.empty(), server.dataDir())));
            Finding rescanned = scannedSecret(tenant, project);

            assertThat(rescanned.id()).isEqualTo(found.id());
            assertThat(rescanned.fingerprint()).isEqualTo(found.fingerprint());
            assertThat(rescanned.status()).isEqualTo(FindingStatus.IN_PROGRESS);
        }
    }

    private static Finding scannedSecret(TestServer.Tenant tenant) {
        return scannedSecret(tenant, tenant.owner().createProject(new NewProject("p-" + UUID.randomUUID(), "main")));
    }

    /** Scans {@link #SECRET} in {@code .env} and returns its finding. */
    private static Finding scannedSecret(TestServer.Tenant tenant, Project project) {
        byte[] archive = Archives.tarGz(Map.of(".env", "GITHUB_TOKEN=" + SECRET + "\n"));
        var scan = tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(archive), project.id(), "main",
                "2".repeat(40), ScanType.SECRETS));
        tenant.owner().awaitScan(scan.id(), Duration.ofSeconds(60));
        return tenant.owner().findings().list(FindingFilter.none(), 100, null).data().stream()
                .filter(f -> f.projectId().equals(project.id()) && f.scanType() == ScanKind.SECRETS)
                .findFirst().orElseThrow();
    }

    /** The fingerprint an unkeyed SHA-256 of the secret gives: what anyone could compute from a guess. */
    private static String unkeyed(Finding finding) {
        String path = finding.location().substring(0, finding.location().lastIndexOf(':'));
        return Fingerprints.of(ScanKind.SECRETS, finding.ruleId(), path, Fingerprints.sha256Hex(SECRET));
    }

    private static List<Path> filesUnder(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).toList();
        }
    }
}
