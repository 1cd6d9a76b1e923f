package dev.vigil.server.scan.secrets;

import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.Fingerprints;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SecretDigest;
import dev.vigil.server.scan.SourceFile;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class SecretsScannerTest {

    private static final String AWS_KEY = "AKIA" + "QYLPMN4RTZ2ACD7K";
    private static final String GITHUB_PAT = "ghp_" + "R8mZq3WkT1vY7nB2xC5dF9gH4jK6lP3nP7mG";
    private static final SecretsScanner SCANNER = new SecretsScanner();

    @Test
    void findsAwsAccessKeyInYaml() {
        List<Detection> found = scan("deploy/values.yaml", "aws:\n  region: eu-west-1\n  access_key_id: " + AWS_KEY + "\n");

        assertThat(found).singleElement().satisfies(detection -> {
            assertThat(detection.kind()).isEqualTo(ScanKind.SECRETS);
            assertThat(detection.ruleId()).isEqualTo("aws-access-token");
            assertThat(detection.severity()).isEqualTo(Severity.CRITICAL);
            assertThat(detection.cwe()).isEqualTo("CWE-798");
            assertThat(detection.path()).isEqualTo("deploy/values.yaml");
            assertThat(detection.line()).isEqualTo(3);
            assertThat(detection.description()).isEqualTo("AWS access key ID AKIA****");
            assertThat(detection.identity()).isEqualTo(SecretDigest.ephemeral().secretIdentity("aws-access-token",
                    "deploy/values.yaml", Fingerprints.sha256Hex(AWS_KEY)))
                    .isNotEqualTo(Fingerprints.sha256Hex(AWS_KEY));
            assertThat(detection.fixAvailable()).contains("Revoke or rotate it at AWS");
            assertThat(detection.isBreaking()).isFalse();
            assertThat(detection.isDirect()).isFalse();
        });
    }

    @Test
    void neverPutsTheSecretInAnyFieldOrToString() {
        String text = "token = \"" + GITHUB_PAT + "\"\nkey: " + AWS_KEY + "\n"
                + "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7on\n"
                + "-----END RSA PRIVATE KEY-----\n";
        List<Detection> found = scan("src/Config.java", text);

        assertThat(found).extracting(Detection::ruleId).contains("github-pat", "aws-access-token", "private-key");
        for (Detection detection : found) {
            String everything = detection + "|" + detection.description() + "|" + detection.title() + "|"
                    + detection.identity() + "|" + detection.fixAvailable() + "|" + detection.fingerprint()
                    + "|" + detection.aliases();
            assertThat(everything).doesNotContain(GITHUB_PAT, AWS_KEY, "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0t");
        }
        assertThat(SCANNER.book().rules().getFirst().toString()).doesNotContain("regex");
        assertThat(MaskedSecret.of(GITHUB_PAT).toString()).isEqualTo("ghp_****");
    }

    @Test
    void reportsOneFindingPerRuleSecretAndLine() {
        String line = "a = \"" + GITHUB_PAT + "\"; b = \"" + GITHUB_PAT + "\"\n";

        List<Detection> found = scan("a.py", line + line);

        assertThat(found).filteredOn(d -> d.ruleId().equals("github-pat"))
                .extracting(Detection::line).containsExactly(1, 2);
    }

    @Test
    void leavesAGenericFindingOutWhenASpecificRuleReportsTheSameSecret() {
        List<Detection> found = scan("app.env", "GITHUB_TOKEN=" + GITHUB_PAT + "\n");

        assertThat(found).extracting(Detection::ruleId).containsExactly("github-pat");
    }

    @Test
    void skipsBinaryFilesAndLockfiles() {
        byte[] binary = ("\u0000\u0001PNG " + AWS_KEY).getBytes(StandardCharsets.UTF_8);
        Scanner.Session session = SCANNER.start((code, message, path) -> { });
        session.scan(new SourceFile("img/logo.bin", binary));
        session.scan(new SourceFile("web/package-lock.json", ("\"key\": \"" + AWS_KEY + "\"").getBytes(StandardCharsets.UTF_8)));

        assertThat(session.finish()).isEmpty();
    }

    @Test
    void findsASecretInsideAVeryLongMinifiedLine() {
        String filler = "var a=function(b){return b+1};".repeat(20_000);
        List<Detection> found = scan("dist/app.min.js", filler + "var k=\"" + GITHUB_PAT + "\";" + filler);

        assertThat(found).extracting(Detection::ruleId).containsExactly("github-pat");
        assertThat(found.getFirst().line()).isEqualTo(1);
    }

    @Test
    void reportsTheRightLineAfterCharactersBeyondAscii() {
        String text = "# Schlüssel für die Übergabe — ключ\nname: \"Zoë\"\nGH=" + GITHUB_PAT + "\napi_key: \"" + "Kq7vZ2pX9mLr4TbW8yNc3HdF" + "\"\n";

        List<Detection> found = scan("config/übergabe.yaml", text);

        assertThat(found).extracting(Detection::ruleId, Detection::line)
                .containsExactly(tuple("github-pat", 3),
                        tuple("generic-api-key", 4));
        assertThat(found.getFirst().description()).isEqualTo("GitHub personal access token ghp_****");
    }

    @Test
    void reportsTheRightLineInAFileThatIsNotUtf8() {
        byte[] latin1 = ("# Schl\u00fcssel f\u00fcr \u00c9tienne\nname: \u00e9t\u00e9\nGH=" + GITHUB_PAT + "\n")
                .getBytes(StandardCharsets.ISO_8859_1);

        List<Detection> found = SCANNER.scanFile(new SourceFile("config/latin1.properties", latin1));

        assertThat(found).extracting(Detection::ruleId, Detection::line).containsExactly(tuple("github-pat", 3));
    }

    @Test
    void scansHostileInputInLinearTime() {
        String[] hostile = {
            "api_key=".repeat(150_000),
            "token: \"" + "a1".repeat(400_000) + "\"",
            ("password = \"" + "x".repeat(60) + "\"\n").repeat(20_000),
            "-----BEGIN RSA PRIVATE KEY-----".repeat(30_000),
            "ghp_" + "ghp_".repeat(250_000),
        };
        for (String text : hostile) {
            long start = System.nanoTime();
            scan("hostile.txt", text);
            assertThat((System.nanoTime() - start) / 1e9).as("seconds for %d characters", text.length()).isLessThan(10);
        }
    }

    @Test
    void ignoresPlaceholderAwsKeys() {
        assertThat(scan("README.md", "aws_access_key_id = AKIAIOSFODNN7EXAMPLE\napi_key = ${API_KEY}\n"
                + "token: <your-token>\npassword = \"changeme\"\n")).isEmpty();
    }

    @Test
    void scansEverySessionFileAndKeepsThePathOfEach() {
        Scanner.Session session = SCANNER.start((code, message, path) -> { });
        session.scan(new SourceFile("one.txt", ("k=" + AWS_KEY).getBytes(StandardCharsets.UTF_8)));
        session.scan(new SourceFile("two/three.txt", ("x\ny\nGH=" + GITHUB_PAT).getBytes(StandardCharsets.UTF_8)));

        assertThat(session.finish()).extracting(Detection::location).containsExactly("one.txt:1", "two/three.txt:3");
        assertThat(SCANNER.kind()).isEqualTo(ScanKind.SECRETS);
    }

    private static List<Detection> scan(String path, String text) {
        return SCANNER.scanFile(new SourceFile(path, text.getBytes(StandardCharsets.UTF_8)));
    }
}
