package dev.vigil.server.security;

import dev.vigil.client.RawResponse;
import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanQuery;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilApiException;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.Scan;
import dev.vigil.model.ScanType;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** One tenant never sees, changes or learns of another tenant's data, on any endpoint. */
@VigilServerTest
class TenantIsolationTest {

    private static TestServer server;
    private static TestServer.Tenant alice;
    private static TestServer.Tenant bob;
    private static Project bobsProject;
    private static Scan bobsScan;
    private static Finding bobsFinding;
    private static UUID bobsKey;

    @BeforeAll
    static void start() {
        alice.owner().createProject(new NewProject("alice-app", "main"));
        bobsProject = bob.owner().createProject(new NewProject("bob-app", "main"));
        new FindingSeeder(server.server().database(), 1).seed(bob.id(), bobsProject.id(), 5, System.currentTimeMillis());
        bobsFinding = bob.owner().findings().list(FindingFilter.none(), 1, null).data().getFirst();
        bobsScan = bob.owner().submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(Map.of("a", "b"))),
                bobsProject.id(), "main", "f".repeat(40), ScanType.SECRETS).withPrId(1));
        bobsKey = bob.owner().createApiKey(new NewApiKey("bob", LocalDate.now().plusDays(3).toString(), null)).id();
    }

    private static RawResponse asAlice(String method, String path, String json) {
        Map<String, String> headers = json == null ? Map.of() : Map.of("Content-Type", "application/json");
        return alice.owner().send(method, path, headers, json == null ? null : json.getBytes());
    }

    @Test
    void everyEndpointAnswers404ForAnotherTenantsIds() {
        String finding = "/v1/repo-vulnerabilities/" + bobsFinding.id();
        List<String[]> calls = List.of(
                new String[]{"GET", "/v1/projects/" + bobsProject.id(), null},
                new String[]{"GET", "/v1/scans/" + bobsScan.id(), null},
                new String[]{"GET", "/v1/scans/" + bobsScan.id() + "/sarif", null},
                new String[]{"GET", finding, null},
                new String[]{"GET", finding + "/history", null},
                new String[]{"POST", finding + "/status", "{\"action\":\"resolve\"}"},
                new String[]{"POST", finding + "/assign", "{\"user_id\":null}"},
                new String[]{"DELETE", "/v1/api-keys/" + bobsKey, null});
        for (String[] call : calls) {
            RawResponse response = asAlice(call[0], call[1], call[2]);
            assertThat(response.status()).as(call[0] + " " + call[1]).isEqualTo(404);
            assertThat(response.error().error()).isEqualTo("NOT_FOUND");
        }
        assertThat(bob.owner().findings().get(bobsFinding.id())).isEqualTo(bobsFinding);
        assertThat(bob.owner().listApiKeys(100, null).data()).anySatisfy(k -> {
            assertThat(k.id()).isEqualTo(bobsKey);
            assertThat(k.revokedAt()).isNull();
        });
    }

    @Test
    void bulkStatusCannotReachAnotherTenantsFindings() {
        RawResponse response = asAlice("POST", "/v1/repo-vulnerabilities/bulk-status",
                "{\"ids\":[\"" + bobsFinding.id() + "\"],\"action\":\"resolve\"}");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().get("results").get(0).get("error").asText()).isEqualTo("NOT_FOUND");
        assertThat(bob.owner().findings().get(bobsFinding.id()).status()).isEqualTo(bobsFinding.status());
    }

    @Test
    void listsStatsAndExportShowOnlyTheCallersData() {
        assertThat(alice.owner().findings().list(FindingFilter.none(), 100, null).data()).isEmpty();
        assertThat(alice.owner().findings().list(FindingFilter.none().withProject(bobsProject.id()), 100, null).data())
                .isEmpty();
        assertThat(alice.owner().findings().stats(Optional.empty()).total()).isZero();
        assertThat(alice.owner().listScans(ScanQuery.all()).data()).isEmpty();
        assertThat(alice.owner().listProjects(100, null).data()).extracting(Project::name).containsExactly("alice-app");
        assertThat(alice.owner().listUsers(100, null).data()).hasSize(1);
        assertThat(alice.owner().listApiKeys(100, null).data()).noneMatch(k -> k.id().equals(bobsKey));
        assertThat(asAlice("GET", "/v1/repo-vulnerabilities/export", null).text().split("\r\n")).hasSize(1);
    }

    @Test
    void cannotSubmitScansToAnotherTenantsProject() {
        var submission = ScanSubmission.of(ScanArchive.of(Archives.tarGz(Map.of("a", "b"))), bobsProject.id(), "main",
                "f".repeat(40), ScanType.SECRETS);

        Assertions.assertThatThrownBy(() -> alice.owner().submitScan(submission))
                .isInstanceOfSatisfying(VigilApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.error().details()).extracting(p -> p.field()).containsExactly("project_id");
                });
    }

    @Test
    void cannotAssignFindingsToAnotherTenantsUsers() {
        var carol = server.tenant();
        Project project = carol.owner().createProject(new NewProject("carol-app", "main"));
        new FindingSeeder(server.server().database(), 2).seed(carol.id(), project.id(), 1, System.currentTimeMillis());
        Finding mine = carol.owner().findings().list(FindingFilter.none(), 1, null).data().getFirst();

        RawResponse response = carol.owner().send("POST", "/v1/repo-vulnerabilities/" + mine.id() + "/assign",
                Map.of("Content-Type", "application/json"), ("{\"user_id\":\"" + bob.ownerId() + "\"}").getBytes());

        assertThat(response.status()).isEqualTo(400);
        assertThat(carol.owner().findings().get(mine.id()).assignedTo()).isNull();
    }
}
