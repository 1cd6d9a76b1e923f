package dev.vigil.server.decisions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.vigil.client.RawResponse;
import dev.vigil.client.VigilApiException;
import dev.vigil.client.VigilClient;
import dev.vigil.model.DecisionScope;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.NewDecision;
import dev.vigil.model.Project;
import dev.vigil.model.Role;
import dev.vigil.model.StatusChange;
import dev.vigil.model.TriageAction;
import dev.vigil.model.VexFormat;
import dev.vigil.model.VexImportResult;
import dev.vigil.server.testing.TestData;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static dev.vigil.server.decisions.DecisionFixtures.LEFT;
import static dev.vigil.server.decisions.DecisionFixtures.RIGHT;
import static dev.vigil.server.decisions.DecisionFixtures.finding;
import static dev.vigil.server.decisions.DecisionFixtures.lockfile;
import static dev.vigil.server.decisions.DecisionFixtures.project;
import static dev.vigil.server.decisions.DecisionFixtures.scan;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@VigilServerTest
class VexTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String JUSTIFIED = "vulnerable_code_not_in_execute_path";
    private static TestServer server;
    private static JsonSchema cycloneDx;
    private static JsonSchema openVex;
    private VigilClient owner;
    private VigilClient admin;
    private VigilClient member;

    @BeforeAll
    static void importAdvisoriesAndSchemas() throws IOException {
        DecisionFixtures.importAdvisories(server);
        // the official schemas: CycloneDX's from the cyclonedx-core-java jar, with its two neighbours it refers to
        cycloneDx = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7, builder -> builder.schemaMappers(
                        mappers -> mappers.mapPrefix("http://cyclonedx.org/schema/", "classpath:")))
                .getSchema(SchemaLocation.of("classpath:bom-1.5.schema.json"));
        try (InputStream in = Files.newInputStream(TestData.file("schemas/openvex-0.2.0.schema.json"))) {
            openVex = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
        }
    }

    @BeforeEach
    void tenant() {
        TestServer.Tenant tenant = server.tenant();
        owner = tenant.owner();
        admin = tenant.userWith(Role.ADMIN);
        member = tenant.userWith(Role.MEMBER);
    }

    /** A project whose left-pad finding is a false positive by decision and whose right-pad finding is open. */
    private Project triaged(String name) {
        Project project = project(owner, name);
        scan(owner, project, Map.of("package-lock.json", lockfile("1.0.0", "2.0.0")));
        admin.createDecision(new NewDecision(DecisionScope.ofRule(LEFT, project.id()), FindingStatus.FALSE_POSITIVE,
                JUSTIFIED, null));
        return project;
    }

    private static JsonNode vulnerability(JsonNode bom, String id) {
        for (JsonNode v : bom.path("vulnerabilities")) {
            if (v.path("id").asText().equals(id)) {
                return v;
            }
        }
        throw new AssertionError("no vulnerability " + id + " in " + bom);
    }

    private static JsonNode statement(JsonNode doc, String name) {
        for (JsonNode s : doc.path("statements")) {
            if (s.path("vulnerability").path("name").asText().equals(name)) {
                return s;
            }
        }
        throw new AssertionError("no statement " + name + " in " + doc);
    }

    @Test
    void cycloneDxVexIsAValidBomStatingEachFindingsAnalysisByPurl() {
        Project project = triaged("cdx-out");

        JsonNode bom = owner.exportVex(project.id(), VexFormat.CYCLONEDX);

        assertThat(cycloneDx.validate(bom)).extracting(ValidationMessage::getMessage).isEmpty();
        assertThat(cycloneDx.validate(((ObjectNode) bom.deepCopy()).put("bomFormat", "SPDX"))).as("the schema bites").isNotEmpty();
        assertThat(bom.path("specVersion").asText()).isEqualTo("1.5");
        JsonNode left = vulnerability(bom, LEFT);
        assertThat(left.path("analysis").path("state").asText()).isEqualTo("not_affected");
        assertThat(left.path("affects").get(0).path("ref").asText()).isEqualTo("pkg:npm/vigil-left-pad@1.0.0");
        JsonNode right = vulnerability(bom, RIGHT);
        assertThat(right.path("analysis").path("state").asText()).isEqualTo("exploitable");
        assertThat(right.path("analysis").path("response").get(0).asText()).isEqualTo("update");
        assertThat(right.path("affects").get(0).path("ref").asText()).isEqualTo("pkg:npm/vigil-right-pad@2.0.0");
    }

    @Test
    void openVexIsAValidDocumentStatingEachFindingsStatus() {
        Project project = triaged("openvex-out");

        JsonNode doc = owner.exportVex(project.id(), VexFormat.OPENVEX);

        assertThat(openVex.validate(doc)).extracting(ValidationMessage::getMessage).isEmpty();
        assertThat(openVex.validate(((ObjectNode) doc.deepCopy()).without("author"))).as("the schema bites").isNotEmpty();
        assertThat(doc.path("@context").asText()).isEqualTo("https://openvex.dev/ns/v0.2.0");
        JsonNode left = statement(doc, LEFT);
        assertThat(left.path("status").asText()).isEqualTo("not_affected");
        assertThat(left.path("justification").asText()).isEqualTo(JUSTIFIED);
        assertThat(left.path("products").get(0).path("identifiers").path("purl").asText())
                .isEqualTo("pkg:npm/vigil-left-pad@1.0.0");
        assertThat(statement(doc, RIGHT).path("status").asText()).isEqualTo("affected");
    }

    @Test
    void aProjectWithoutDependencyFindingsHasAnEmptyValidBomButNoOpenVexDocument() {
        Project project = project(owner, "nothing-to-state");

        JsonNode bom = owner.exportVex(project.id(), VexFormat.CYCLONEDX);

        assertThat(cycloneDx.validate(bom)).extracting(ValidationMessage::getMessage).isEmpty();
        assertThat(bom.path("vulnerabilities")).isEmpty();
        // OpenVEX needs at least one statement: an empty document would not be OpenVEX
        assertThatThrownBy(() -> owner.exportVex(project.id(), VexFormat.OPENVEX))
                .isInstanceOfSatisfying(VigilApiException.class, e -> assertThat(e.status()).isEqualTo(404));
    }

    @Test
    void anAcceptedFindingIsInTriageWithItsReasonInBothFormats() {
        Project project = project(owner, "accepted-out");
        scan(owner, project, Map.of("package-lock.json", lockfile("1.0.0", "2.0.0")));
        owner.changeStatus(finding(owner, project, RIGHT).id(), new StatusChange(TriageAction.ACCEPT,
                "only used by the build", LocalDate.now(ZoneOffset.UTC).plusDays(20)));

        JsonNode bom = owner.exportVex(project.id(), VexFormat.CYCLONEDX);
        JsonNode doc = owner.exportVex(project.id(), VexFormat.OPENVEX);

        assertThat(cycloneDx.validate(bom)).isEmpty();
        assertThat(openVex.validate(doc)).isEmpty();
        JsonNode analysis = vulnerability(bom, RIGHT).path("analysis");
        assertThat(analysis.path("state").asText()).isEqualTo("in_triage");
        assertThat(analysis.path("detail").asText()).isEqualTo("only used by the build");
        assertThat(statement(doc, RIGHT).path("status").asText()).isEqualTo("under_investigation");
    }

    @Test
    void openVexOfOneProjectMarksTheSameFindingsOfAnother() {
        JsonNode doc = owner.exportVex(triaged("round-trip-source").id(), VexFormat.OPENVEX);
        Project target = project(owner, "round-trip-target");
        scan(owner, target, Map.of("package-lock.json", lockfile("1.0.0", "2.0.0")));

        VexImportResult result = admin.importVex(target.id(), doc);

        assertThat(result).isEqualTo(new VexImportResult(1, 0, 1));
        assertThat(finding(owner, target, LEFT).status()).isEqualTo(FindingStatus.FALSE_POSITIVE);
        assertThat(finding(owner, target, LEFT).acceptedReason()).isEqualTo(JUSTIFIED);
        assertThat(finding(owner, target, RIGHT).status()).isEqualTo(FindingStatus.OPEN);
    }

    @Test
    void cycloneDxOfOneProjectMarksOnlyTheSameVersionInAnother() {
        JsonNode bom = owner.exportVex(triaged("cdx-round-trip-source").id(), VexFormat.CYCLONEDX);
        Project sameVersion = project(owner, "cdx-round-trip-same");
        scan(owner, sameVersion, Map.of("package-lock.json", lockfile("1.0.0", "2.0.0")));
        Project otherVersion = project(owner, "cdx-round-trip-other");
        scan(owner, otherVersion, Map.of("package-lock.json", lockfile("1.2.0", "2.0.0")));

        VexImportResult same = admin.importVex(sameVersion.id(), bom);
        VexImportResult other = admin.importVex(otherVersion.id(), bom);

        assertThat(same).isEqualTo(new VexImportResult(1, 0, 1));
        assertThat(other).isEqualTo(new VexImportResult(0, 1, 1));
        assertThat(finding(owner, sameVersion, LEFT).status()).isEqualTo(FindingStatus.FALSE_POSITIVE);
        assertThat(finding(owner, otherVersion, LEFT).status()).isEqualTo(FindingStatus.OPEN);
        assertThat(owner.listDecisions(Optional.of(sameVersion.id()), Optional.empty(), null,
                null).data()).singleElement().satisfies(d -> {
                    assertThat(d.scope().packageUrl()).isEqualTo("pkg:npm/vigil-left-pad@1.0.0");
                    assertThat(d.scope().ruleId()).isEqualTo(LEFT);
                });
    }

    @Test
    void aFixedStatementOnlyAddsAHistoryNote() throws IOException {
        Project project = project(owner, "fixed-note");
        scan(owner, project, Map.of("package-lock.json", lockfile("1.0.0", "2.0.0")));
        JsonNode doc = JSON.readTree("""
                {"@context": "https://openvex.dev/ns/v0.2.0", "@id": "urn:uuid:%s", "author": "upstream",
                 "timestamp": "2026-01-01T00:00:00Z", "version": 1,
                 "statements": [{"vulnerability": {"name": "%s"}, "status": "fixed",
                   "products": [{"@id": "pkg:npm/vigil-right-pad@2.0.0"}]}]}
                """.formatted(UUID.randomUUID(), RIGHT));
        assertThat(openVex.validate(doc)).isEmpty();

        VexImportResult result = admin.importVex(project.id(), doc);

        assertThat(result).isEqualTo(new VexImportResult(1, 0, 0));
        var right = finding(owner, project, RIGHT);
        assertThat(right.status()).isEqualTo(FindingStatus.OPEN);
        assertThat(owner.findings().history(right.id(), 100, null).data().getLast().action()).isEqualTo("vex_fixed");
        assertThat(owner.listDecisions(Optional.of(project.id()), Optional.empty(), null, null)
                .data()).isEmpty();
    }

    @Test
    void refusesMalformedVexWithValidationFailed() throws IOException {
        Project project = project(owner, "malformed");
        List<String> bodies = List.of(
                "[1, 2]",
                "{\"hello\": \"world\"}",
                "{\"@context\": \"https://openvex.dev/ns/v0.2.0\", \"statements\": {}}",
                "{\"@context\": \"https://openvex.dev/ns/v0.2.0\", \"statements\": [{\"status\": \"fixed\"}]}",
                "{\"@context\": \"https://openvex.dev/ns/v0.2.0\", \"statements\": [{\"vulnerability\": "
                        + "{\"name\": \"X\"}, \"status\": \"maybe\"}]}",
                "{\"bomFormat\": \"CycloneDX\", \"vulnerabilities\": [{\"analysis\": {\"state\": \"not_affected\"}}]}",
                "{\"bomFormat\": \"CycloneDX\", \"vulnerabilities\": \"none\"}",
                "{\"bomFormat\": \"CycloneDX\", \"vulnerabilities\": [{\"id\": \"X\", \"affects\": [{}]}]}",
                tooManyProducts(),
                "{not json");
        for (String body : bodies) {
            RawResponse response = admin.send("POST", "/v1/projects/" + project.id() + "/vex",
                    Map.of("Content-Type", "application/json"), body.getBytes(StandardCharsets.UTF_8));
            JsonNode error = JSON.readTree(response.body());
            assertThat(response.status()).as(body).isEqualTo(400);
            assertThat(error.path("error").asText()).as(body).isEqualTo("VALIDATION_FAILED");
            assertThat(error.path("message").asText()).as(body).isNotBlank();
        }
    }

    /** One statement naming 10,001 products: within the body's 1 MiB, beyond what one document may ask. */
    private static String tooManyProducts() {
        StringBuilder products = new StringBuilder();
        for (int i = 0; i <= 10_000; i++) {
            products.append(i == 0 ? "" : ",").append("{\"@id\": \"pkg:npm/p").append(i).append("@1\"}");
        }
        return "{\"@context\": \"https://openvex.dev/ns/v0.2.0\", \"statements\": [{\"vulnerability\": "
                + "{\"name\": \"X\"}, \"status\": \"not_affected\", \"products\": [" + products + "]}]}";
    }

    @Test
    void aMemberMayExportButNotApplyAndAnotherTenantsProjectIsNotFound() {
        Project project = triaged("roles");
        VigilClient stranger = server.tenant().owner();

        JsonNode doc = member.exportVex(project.id(), VexFormat.OPENVEX);

        assertThat(statement(doc, LEFT).path("status").asText()).isEqualTo("not_affected");
        assertThatThrownBy(() -> member.importVex(project.id(), doc))
                .isInstanceOfSatisfying(VigilApiException.class, e -> assertThat(e.code()).isEqualTo("INSUFFICIENT_ROLE"));
        assertThatThrownBy(() -> stranger.exportVex(project.id(), VexFormat.OPENVEX))
                .isInstanceOfSatisfying(VigilApiException.class, e -> assertThat(e.status()).isEqualTo(404));
        assertThatThrownBy(() -> stranger.importVex(project.id(), doc))
                .isInstanceOfSatisfying(VigilApiException.class, e -> assertThat(e.status()).isEqualTo(404));
    }
}
