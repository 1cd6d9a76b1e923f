package dev.vigil.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.client.RecordingServer.Recorded;
import dev.vigil.model.Decision;
import dev.vigil.model.DecisionScope;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.Json;
import dev.vigil.model.NewDecision;
import dev.vigil.model.VexFormat;
import dev.vigil.model.VexImportResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.LocalDate;
import java.util.Optional;
import java.util.UUID;

import static dev.vigil.client.Fixtures.API_KEY;
import static dev.vigil.client.Fixtures.PROJECT_ID;
import static org.assertj.core.api.Assertions.assertThat;

/** Decisions and VEX as the client sends and reads them. */
class DecisionsClientTest {

    private static final UUID DECISION_ID = UUID.fromString("5b0e0000-0000-4000-8000-000000000001");
    private static final String DECISION = """
            {"id": "%s", "scope": {"package": "pkg:npm/lodash@<4.17.21", "project_id": "%s"},
             "status": "accepted", "reason": "server-side only", "until": "2027-03-31",
             "created_by": "ana@example.com", "created_at": "2026-11-28T04:00:00Z", "applied": 3}"""
            .formatted(DECISION_ID, PROJECT_ID);

    private final RecordingServer server = RecordingServer.start();
    private final VigilClient client = VigilClient.of(server.uri(), API_KEY);

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Test
    void sendsADecisionWithThePackageFieldAndReadsWhatItApplied() {
        server.answer(201, DECISION);

        Decision decision = client.createDecision(new NewDecision(
                DecisionScope.ofPackage("pkg:npm/lodash@<4.17.21", PROJECT_ID), FindingStatus.ACCEPTED,
                "server-side only", LocalDate.parse("2027-03-31")));

        Recorded request = server.single();
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/v1/decisions");
        JsonNode body = request.json();
        assertThat(body.path("scope").path("package").asText()).isEqualTo("pkg:npm/lodash@<4.17.21");
        assertThat(body.path("scope").path("project_id").asText()).isEqualTo(PROJECT_ID.toString());
        assertThat(body.path("scope").has("rule_id")).isFalse();
        assertThat(body.path("status").asText()).isEqualTo("accepted");
        assertThat(body.path("until").asText()).isEqualTo("2027-03-31");
        assertThat(decision.applied()).isEqualTo(3);
        assertThat(decision.scope().packageUrl()).isEqualTo("pkg:npm/lodash@<4.17.21");
    }

    @Test
    void previewsAsADryRunAndListsWithFilters() {
        server.answer(200, "{\"applied\": 7}").answer(200, Fixtures.page("next", DECISION));
        NewDecision decision = new NewDecision(DecisionScope.ofRule("CVE-2021-23337", null),
                FindingStatus.FALSE_POSITIVE, "not reachable", null);

        assertThat(client.previewDecision(decision).applied()).isEqualTo(7);
        var page = client.listDecisions(Optional.of(PROJECT_ID), Optional.of(FindingStatus.ACCEPTED), 10, "abc");

        assertThat(server.requests().get(0).path()).isEqualTo("/v1/decisions");
        assertThat(server.requests().get(0).rawQuery()).isEqualTo("dry_run=true");
        assertThat(server.requests().get(1).rawQuery())
                .isEqualTo("project_id=" + PROJECT_ID + "&status=accepted&limit=10&cursor=abc");
        assertThat(page.data()).extracting(Decision::id).containsExactly(DECISION_ID);
        assertThat(page.nextCursor()).isEqualTo("next");
    }

    @Test
    void deletesAndMovesVexBothWays() throws IOException {
        server.answer(204, "").answer(200, "{\"bomFormat\": \"CycloneDX\"}")
                .answer(200, "{\"applied\": 1, \"unmatched\": 2, \"ignored\": 3}");
        JsonNode document = Json.mapper().readTree("{\"@context\": \"https://openvex.dev/ns/v0.2.0\"}");

        client.deleteDecision(DECISION_ID);
        JsonNode bom = client.exportVex(PROJECT_ID, VexFormat.CYCLONEDX);
        VexImportResult result = client.importVex(PROJECT_ID, document);

        assertThat(server.requests().get(0).method()).isEqualTo("DELETE");
        assertThat(server.requests().get(0).path()).isEqualTo("/v1/decisions/" + DECISION_ID);
        assertThat(server.requests().get(1).path()).isEqualTo("/v1/projects/" + PROJECT_ID + "/vex");
        assertThat(server.requests().get(1).rawQuery()).isEqualTo("format=cyclonedx");
        assertThat(bom.path("bomFormat").asText()).isEqualTo("CycloneDX");
        assertThat(server.requests().get(2).json()).isEqualTo(document);
        assertThat(result).isEqualTo(new VexImportResult(1, 2, 3));
    }
}
