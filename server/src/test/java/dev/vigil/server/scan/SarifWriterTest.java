package dev.vigil.server.scan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import dev.vigil.server.scan.iac.IacScanner;
import dev.vigil.server.scan.secrets.SecretsScanner;
import dev.vigil.server.testing.GitHubTokens;
import dev.vigil.server.testing.TestData;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class SarifWriterTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Path GOLDEN = Path.of("src/test/resources/sarif/golden-full.sarif.json");
    private static JsonSchema schema;

    private final SarifWriter writer = new SarifWriter("1.4.2");

    @BeforeAll
    static void loadTheOfficialSchema() throws IOException {
        try (InputStream in = Files.newInputStream(TestData.file("schemas/sarif-schema-2.1.0.json"))) {
            schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V4).getSchema(in);
        }
    }

    @Test
    void writesAValidLogForAnEmptyScan() {
        ObjectNode log = writer.toJson(List.of(), List.of());

        assertValid(log);
        JsonNode run = log.get("runs").get(0);
        assertThat(run.at("/tool/driver/name").asText()).isEqualTo("Vigil");
        assertThat(run.at("/tool/driver/rules")).isEmpty();
        assertThat(run.get("results")).isEmpty();
        assertThat(run.at("/invocations/0/executionSuccessful").asBoolean()).isTrue();
    }

    @Test
    void writesTheWarningsAsToolExecutionNotifications() {
        ObjectNode log = writer.toJson(List.of(), SarifFixtures.warnings(), false);

        assertValid(log);
        JsonNode notifications = log.at("/runs/0/invocations/0/toolExecutionNotifications");
        assertThat(log.at("/runs/0/invocations/0/executionSuccessful").asBoolean()).isFalse();
        assertThat(notifications).hasSize(3);
        assertThat(notifications.get(0).at("/descriptor/id").asText()).isEqualTo("FILE_TOO_LARGE");
        assertThat(notifications.get(0).at("/locations/0/physicalLocation/artifactLocation/uri").asText())
                .isEqualTo("data/big%20dump.sql");
        assertThat(notifications.get(1).has("locations")).isFalse();
        assertThat(notifications.get(1).at("/properties/path").asText()).isEqualTo("../../etc/passwd");
        assertThat(notifications.get(2).has("locations")).isFalse();
    }

    @Test
    void writesAValidLogForSeveralKindsAndRules() {
        List<Detection> detections = SarifFixtures.detections();
        ObjectNode log = writer.toJson(detections, SarifFixtures.warnings());

        assertValid(log);
        JsonNode rules = log.at("/runs/0/tool/driver/rules");
        assertThat(rules.findValuesAsText("id")).containsExactly("CKV_AWS_19", "GHSA-jf85-cpcp-j695",
                "aws-access-key", "generic-api-key");
        JsonNode results = log.at("/runs/0/results");
        assertThat(results).hasSize(detections.size());
        for (int i = 0; i < detections.size(); i++) {
            JsonNode result = results.get(i);
            assertThat(result.get("ruleId").asText()).isEqualTo(detections.get(i).ruleId());
            assertThat(rules.get(result.get("ruleIndex").asInt()).get("id")).isEqualTo(result.get("ruleId"));
        }
    }

    @Test
    void carriesPartialFingerprintsAndSecuritySeverity() {
        Detection secret = SarifFixtures.detections().getFirst();
        ObjectNode log = writer.toJson(List.of(secret), List.of());

        JsonNode result = log.at("/runs/0/results/0");
        assertThat(result.at("/partialFingerprints/vigilFingerprint~1v1").asText()).isEqualTo(secret.fingerprint())
                .startsWith("fp_v1:");
        assertThat(result.has("fingerprints")).isFalse();
        JsonNode rule = log.at("/runs/0/tool/driver/rules/0");
        assertThat(rule.at("/properties/security-severity").isTextual()).isTrue();
        assertThat(rule.at("/properties/security-severity").asText()).isEqualTo("9.5");
        assertThat(MAPPER.convertValue(rule.at("/properties/tags"), List.class))
                .containsExactly("security", "secrets", "external/cwe/cwe-798");
        assertThat(rule.get("name").asText()).isEqualTo("AWSAccessKeyID");
    }

    @Test
    void theSchemaCheckRejectsALogTheSchemaForbids() {
        ObjectNode log = writer.toJson(SarifFixtures.detections(), List.of());
        ((ObjectNode) log.at("/runs/0/results/0")).put("level", "critical");
        ((ObjectNode) log.at("/runs/0/results/1/locations/0/physicalLocation/artifactLocation"))
                .put("uri", "has space/é.txt");

        assertThat(schema.validate(log)).extracting(ValidationMessage::getInstanceLocation).map(Object::toString)
                .contains("$.runs[0].results[0].level", "$.runs[0].results[1].locations[0].physicalLocation.artifactLocation.uri");
    }

    @ParameterizedTest(name = "{0} is a SARIF {1}")
    @CsvSource({"CRITICAL, error", "HIGH, error", "MEDIUM, warning", "LOW, note", "INFO, note"})
    void mapsSeveritiesToSarifLevels(Severity severity, String level) {
        Detection detection = Detection.builder(ScanKind.IAC, "R1", severity, "main.tf", 3, "aws_s3_bucket.a")
                .title("Rule one")
                .build();

        ObjectNode log = writer.toJson(List.of(detection), List.of());

        assertThat(log.at("/runs/0/results/0/level").asText()).isEqualTo(level);
        assertThat(log.at("/runs/0/tool/driver/rules/0/defaultConfiguration/level").asText()).isEqualTo(level);
        assertValid(log);
    }

    @Test
    void turnsAPathWithSpacesAndNonAsciiIntoAValidRelativeUri() {
        String path = "my dir/café/naïve file#1.py";
        Detection detection = Detection.builder(ScanKind.SECRETS, "generic-api-key", Severity.HIGH, path, 7, "0f1e")
                .title("Generic API key")
                .cwe("CWE-798")
                .description("A generic API key (abcd****) is assigned in the code.")
                .build();

        ObjectNode log = writer.toJson(List.of(detection), List.of());

        String uri = log.at("/runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri").asText();
        assertThat(uri).isEqualTo("my%20dir/caf%C3%A9/na%C3%AFve%20file%231.py");
        URI parsed = URI.create(uri);
        assertThat(parsed.isAbsolute()).isFalse();
        assertThat(parsed.getPath()).isEqualTo(path);
        assertThat(log.at("/runs/0/results/0/locations/0/physicalLocation/artifactLocation/uriBaseId").asText())
                .isEqualTo("%SRCROOT%");
        assertValid(log);
    }

    @Test
    void leavesOutTheSemanticVersionWhenTheVersionIsNotSemver() {
        ObjectNode log = new SarifWriter("dev-build").toJson(List.of(), List.of());

        assertThat(log.at("/runs/0/tool/driver/version").asText()).isEqualTo("dev-build");
        assertThat(log.at("/runs/0/tool/driver").has("semanticVersion")).isFalse();
        assertValid(log);
    }

    @Test
    void streamsTheSameLogItBuildsAsATree() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writer.write(out, SarifFixtures.detections(), SarifFixtures.warnings(), true);

        assertThat(MAPPER.readTree(out.toByteArray()))
                .isEqualTo(writer.toJson(SarifFixtures.detections(), SarifFixtures.warnings()));
    }

    @Test
    void matchesTheGoldenFileForAFixedScan() throws IOException {
        ObjectNode log = writer.toJson(SarifFixtures.detections(), SarifFixtures.warnings());
        if (Boolean.getBoolean("vigil.golden.update")) {
            Files.writeString(GOLDEN, MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(withoutVersion(log)) + "\n");
        }

        assertThat(withoutVersion(log)).isEqualTo(withoutVersion((ObjectNode) MAPPER.readTree(GOLDEN.toFile())));
    }

    private static ObjectNode withoutVersion(ObjectNode log) {
        ObjectNode copy = log.deepCopy();
        ObjectNode driver = (ObjectNode) copy.at("/runs/0/tool/driver");
        driver.put("version", "<version>");
        driver.put("semanticVersion", "<version>");
        return copy;
    }

    @Test
    void servesAnIacRulesHelpAndTheProvidersDocumentationAsHelpUri() {
        Scanner.Session session = new IacScanner().start((code, message, file) -> {
        });
        session.scan(new SourceFile("main.tf", """
                resource "azurerm_app_service" "web" {
                  name = "web"
                }
                """.getBytes(StandardCharsets.UTF_8)));
        List<Detection> detections = session.finish();
        ObjectNode log = writer.toJson(detections, List.of());
        assertValid(log);
        JsonNode rule = null;
        for (JsonNode candidate : log.at("/runs/0/tool/driver/rules")) {
            if (candidate.path("id").asText().equals("azure-app-service-https-only-off")) {
                rule = candidate;
            }
        }
        assertThat(rule).as("the rule of the finding").isNotNull();
        assertThat(rule.path("helpUri").asText())
                .isEqualTo("https://registry.terraform.io/providers/hashicorp/azurerm/latest/docs/resources/app_service");
        assertThat(rule.at("/help/text").asText()).contains("Fix: ", "CWE-319", "CKV_AZURE_14", "AVD-AZU-0004");
        assertThat(rule.at("/help/markdown").asText())
                .contains("**Fix:**", "[CWE-319](https://cwe.mitre.org/data/definitions/319.html)",
                        "[AVD-AZU-0004](https://avd.aquasec.com/misconfig/avd-azu-0004)", "- CKV_AZURE_14 (Checkov)");
    }

    @Test
    void servesASecretsRulesHelpAndTheProvidersRevocationPageAsHelpUri() {
        Scanner.Session session = new SecretsScanner().start((code, message, file) -> {
        });
        String token = GitHubTokens.withChecksum("ghp_Vq3mXz7LpR2sKd9TfWb4Yh6Nc1Ej8G");
        session.scan(new SourceFile("deploy.sh", ("export GITHUB_TOKEN=" + token + "\n").getBytes(StandardCharsets.UTF_8)));
        List<Detection> detections = session.finish();
        ObjectNode log = writer.toJson(detections, List.of());
        assertValid(log);
        JsonNode rule = log.at("/runs/0/tool/driver/rules/0");
        assertThat(rule.path("id").asText()).isEqualTo("github-pat");
        assertThat(rule.path("helpUri").asText()).isEqualTo(
                "https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/token-expiration-and-revocation");
        assertThat(rule.at("/help/text").asText()).contains("Revoke or rotate it at GitHub", "CWE-798", "github-pat (gitleaks)");
        assertThat(rule.at("/help/markdown").asText()).contains("[CWE-798](https://cwe.mitre.org/data/definitions/798.html)");
        assertThat(log.toString()).doesNotContain(token);
    }

    private static void assertValid(JsonNode log) {
        Set<ValidationMessage> messages = schema.validate(log);
        assertThat(messages).isEmpty();
    }
}
