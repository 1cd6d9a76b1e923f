package dev.vigil.server.scan.sca;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CycloneDxTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Path GOLDEN = Path.of("src/test/resources/sca/golden-small.cdx.json");
    private static final Instant WHEN = Instant.parse("2026-01-02T03:04:05Z");

    private static final List<Dependency> DEPENDENCIES = List.of(
            new Dependency(Ecosystem.NPM, "lodash", "4.17.15", "package-lock.json", 12, true, false),
            new Dependency(Ecosystem.NPM, "@babel/core", "7.0.0", "package-lock.json", 30, false, true),
            new Dependency(Ecosystem.MAVEN, "org.apache.logging.log4j:log4j-core", "2.14.1", "pom.xml", 40, true, false),
            new Dependency(Ecosystem.GO, "github.com/dgrijalva/jwt-go", "v3.2.0+incompatible", "go.mod", 5, true, false),
            new Dependency(Ecosystem.PYPI, "django", "3.2.4", "requirements.txt", 1, true, false),
            new Dependency(Ecosystem.PYPI, "django", "3.2.4", "web/requirements.txt", 3, true, true));

    private static final List<VulnerabilityRef> VULNERABILITIES = List.of(
            new VulnerabilityRef("GHSA-jfh8-c2jp-5v3q", "Maven", "org.apache.logging.log4j:log4j-core", "2.14.1",
                    "CRITICAL", "CWE-502, CWE-917", "Remote code injection in Log4j", "2.15.0"),
            new VulnerabilityRef("GHSA-p6mc-m468-83gw", "npm", "lodash", "4.17.15", "high", "CWE-1321",
                    "Prototype Pollution in lodash", "4.17.19"),
            new VulnerabilityRef("CVE-2020-26160", "Go", "github.com/dgrijalva/jwt-go", "v3.2.0+incompatible", "",
                    "", "", ""));

    @Test
    void writesPackageUrlsAsTheSpecSaysPerEcosystem() {
        assertThat(CycloneDx.purl(Ecosystem.NPM, "@babel/core", "7.0.0")).isEqualTo("pkg:npm/%40babel/core@7.0.0");
        assertThat(CycloneDx.purl(Ecosystem.MAVEN, "org.apache.logging.log4j:log4j-core", "2.14.1"))
                .isEqualTo("pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1");
        assertThat(CycloneDx.purl(Ecosystem.PYPI, "django", "3.2.4")).isEqualTo("pkg:pypi/django@3.2.4");
        assertThat(CycloneDx.purl(Ecosystem.GO, "github.com/gin-gonic/gin", "v1.6.3"))
                .isEqualTo("pkg:golang/github.com/gin-gonic/gin@v1.6.3");
        assertThat(CycloneDx.purl(Ecosystem.GO, "github.com/dgrijalva/jwt-go", "v3.2.0+incompatible"))
                .isEqualTo("pkg:golang/github.com/dgrijalva/jwt-go@v3.2.0%2Bincompatible");
        assertThat(CycloneDx.purl(Ecosystem.PACKAGIST, "guzzlehttp/guzzle", "7.4.0"))
                .isEqualTo("pkg:composer/guzzlehttp/guzzle@7.4.0");
        assertThat(CycloneDx.purl(Ecosystem.CRATES_IO, "serde", "1.0.130")).isEqualTo("pkg:cargo/serde@1.0.130");
        assertThat(CycloneDx.purl(Ecosystem.RUBYGEMS, "rails", "7.0.4")).isEqualTo("pkg:gem/rails@7.0.4");
        assertThat(CycloneDx.purl(Ecosystem.NUGET, "Newtonsoft.Json", "12.0.1")).isEqualTo("pkg:nuget/Newtonsoft.Json@12.0.1");
    }

    @Test
    void writesTheKeyFieldsOfACycloneDxOnePointFiveBom() {
        ObjectNode bom = CycloneDx.bom(DEPENDENCIES, VULNERABILITIES, "scan-42", WHEN);

        assertThat(bom.path("bomFormat").asText()).isEqualTo("CycloneDX");
        assertThat(bom.path("specVersion").asText()).isEqualTo("1.5");
        assertThat(bom.path("serialNumber").asText())
                .matches("urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
                .isEqualTo(CycloneDx.bom(List.of(), List.of(), "scan-42").path("serialNumber").asText())
                .isNotEqualTo(CycloneDx.bom(List.of(), List.of(), "scan-43").path("serialNumber").asText());
        assertThat(bom.path("version").asInt()).isEqualTo(1);
        assertThat(bom.path("metadata").path("tools").path("components").get(0).path("name").asText()).isEqualTo("Vigil");
        JsonNode components = bom.path("components");
        assertThat(components).hasSize(5);
        JsonNode babel = components.get(1);
        assertThat(babel.path("group").asText()).isEqualTo("@babel");
        assertThat(babel.path("name").asText()).isEqualTo("core");
        assertThat(babel.path("bom-ref").asText()).isEqualTo(babel.path("purl").asText()).isEqualTo("pkg:npm/%40babel/core@7.0.0");
        assertThat(babel.path("scope").asText()).isEqualTo("optional");
        assertThat(components.get(2).path("group").asText()).isEqualTo("org.apache.logging.log4j");
        assertThat(components.get(4).path("scope").asText()).as("dev in one manifest only").isEqualTo("required");
        assertThat(components.get(4).path("properties").findValuesAsText("value"))
                .containsExactly("true", "requirements.txt:1", "web/requirements.txt:3");
        assertThat(bom.path("dependencies").get(0).path("dependsOn")).hasSize(4);
        JsonNode log4shell = bom.path("vulnerabilities").get(0);
        assertThat(log4shell.path("ratings").get(0).path("severity").asText()).isEqualTo("critical");
        assertThat(log4shell.path("cwes")).extracting(JsonNode::asInt).containsExactly(502, 917);
        assertThat(log4shell.path("recommendation").asText()).contains("2.15.0");
        assertThat(log4shell.path("affects").get(0).path("ref").asText()).isEqualTo(components.get(2).path("bom-ref").asText());
    }

    @Test
    void matchesTheGoldenBom() throws IOException {
        ObjectNode bom = CycloneDx.bom(DEPENDENCIES, VULNERABILITIES, "scan-42", WHEN);
        if (Boolean.getBoolean("vigil.updateGolden")) {
            Files.writeString(GOLDEN, MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(bom) + "\n");
        }

        assertThat((JsonNode) bom).isEqualTo(MAPPER.readTree(GOLDEN.toFile()));
    }
}
