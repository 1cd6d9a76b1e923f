package dev.vigil.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.client.VigilApiException;
import dev.vigil.model.ExportFormat;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.Json;
import dev.vigil.model.NewProject;
import dev.vigil.model.Plan;
import dev.vigil.model.Project;
import dev.vigil.model.Role;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import dev.vigil.model.StatusChange;
import dev.vigil.model.TriageAction;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.store.MergeRepository;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@VigilServerTest
class ExportTest {

    private static final String HEADER = "id,fingerprint,project_name,rule_id,severity,status,scan_type,location,"
            + "description,fix_available,is_breaking,is_direct,cwe,assigned_to,accepted_by,accepted_reason,"
            + "accepted_until,sla_deadline,sla_breached,first_seen,last_seen";

    private static TestServer server;
    private static TestServer.Tenant tenant;
    private static Project project;

    @BeforeAll
    static void seed() {
        project = tenant.owner().createProject(new NewProject("export", "main"));
        new FindingSeeder(server.server().database(), 11).seed(tenant.id(), project.id(), 60, System.currentTimeMillis());
    }

    private static String csv(FindingFilter filter) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        tenant.owner().findings().export(filter, ExportFormat.CSV, out);
        byte[] bytes = out.toByteArray();
        assertThat(bytes).startsWith(0xEF, 0xBB, 0xBF);
        return new String(bytes, 3, bytes.length - 3, StandardCharsets.UTF_8);
    }

    @Test
    void csvStartsWithBomAndTheSpecColumnsInOrder() {
        String csv = csv(FindingFilter.none());

        String[] lines = csv.split("\r\n");
        assertThat(lines[0]).isEqualTo(HEADER);
        assertThat(lines).hasSize(61);
    }

    @Test
    void csvRowsFollowTheListOrderAndCarryTheAcceptance() {
        Finding first = tenant.owner().findings().list(FindingFilter.none(), 1, null).data().getFirst();
        tenant.owner().changeStatus(first.id(), new StatusChange(TriageAction.ACCEPT, "vendor patch ticket 42",
                LocalDate.now().plusDays(20)));

        String[] lines = csv(FindingFilter.none()).split("\r\n");
        String[] row = Arrays.stream(lines).filter(l -> l.startsWith(first.id().toString())).findFirst()
                .orElseThrow().split(",");

        assertThat(lines[1]).startsWith(first.id().toString());
        assertThat(row[5]).isEqualTo("accepted");
        assertThat(row[14]).isEqualTo("owner@example.com");
        assertThat(row[15]).isEqualTo("vendor patch ticket 42");
        assertThat(row[16]).isEqualTo(LocalDate.now().plusDays(20).toString());
    }

    @Test
    void csvDefusesFormulasAndQuotesSeparators() {
        var detection = Detection.builder(ScanKind.IAC, "=HYPERLINK(\"http://evil\")", Severity.INFO, "a,b.tf", 3, "x")
                .title("t")
                .cwe("CWE-1")
                .description("+cmd|' /C calc'!A0, \"quoted\"\nnext")
                .fixAvailable("@SUM(1)")
                .build();
        FindingSeeder.insert(server.server().database(), tenant.id(), project.id(),
                List.of(new MergeRepository.NewFinding(UUID.randomUUID(), detection, 1L, null)));

        String csv = csv(FindingFilter.none().withSearch("hyperlink"));

        assertThat(csv).contains("\"'=HYPERLINK(\"\"http://evil\"\")\"");
        assertThat(csv).contains("\"'+cmd|' /C calc'!A0, \"\"quoted\"\"\nnext\"");
        assertThat(csv).contains(",'@SUM(1),");
        assertThat(csv).contains("\"a,b.tf:3\"");
    }

    @Test
    void jsonIsAnArrayOfRowsWithTheCsvColumnNames() throws Exception {
        var response = tenant.owner().send("GET", "/v1/repo-vulnerabilities/export?format=json&severity[]=critical",
                Map.of(), null);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        assertThat(response.header("Content-Disposition")).hasValueSatisfying(d -> assertThat(d).startsWith("attachment"));
        JsonNode rows = Json.mapper().readTree(response.body());
        assertThat(rows.isArray()).isTrue();
        assertThat(rows.size()).isPositive();
        List<String> names = new ArrayList<>();
        rows.get(0).fieldNames().forEachRemaining(names::add);
        assertThat(String.join(",", names)).isEqualTo(HEADER);
        assertThat(rows).allSatisfy(r -> assertThat(r.get("severity").asText()).isEqualTo("critical"));
        assertThat(rows.get(0).get("is_breaking").isBoolean()).isTrue();
    }

    @Test
    void csvAnswersWithCsvContentTypeAndAttachment() {
        var response = tenant.owner().send("GET", "/v1/repo-vulnerabilities/export", Map.of(), null);

        assertThat(response.header("Content-Type")).hasValue("text/csv; charset=utf-8");
        assertThat(response.header("Content-Disposition")).hasValueSatisfying(d -> assertThat(d).contains(".csv"));
        assertThat(response.header("X-Request-ID")).isPresent();
    }

    @Test
    void refusesUnknownFormat() {
        var response = tenant.owner().send("GET", "/v1/repo-vulnerabilities/export?format=xlsx", Map.of(), null);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error().error()).isEqualTo("VALIDATION_FAILED");
    }

    @Test
    void exportIsForAdminsAndOwnersOnly() {
        var member = tenant.userWith(Role.MEMBER);

        assertThatThrownBy(() -> member.findings().export(FindingFilter.none(), ExportFormat.CSV, new ByteArrayOutputStream()))
                .isInstanceOfSatisfying(VigilApiException.class, e -> assertThat(e.code()).isEqualTo("INSUFFICIENT_ROLE"));
        var admin = tenant.userWith(Role.ADMIN);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        admin.findings().export(FindingFilter.none(), ExportFormat.CSV, out);
        assertThat(out.size()).isPositive();
    }

    @Test
    void freePlanHasNoExport() {
        var free = server.tenant(Plan.FREE);

        assertThatThrownBy(() -> free.owner().findings().export(FindingFilter.none(), ExportFormat.JSON,
                new ByteArrayOutputStream()))
                .isInstanceOfSatisfying(VigilApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(403);
                    assertThat(e.code()).isEqualTo("FORBIDDEN");
                });
    }

    @Test
    void refusesMoreThanTenThousandRowsAndSaysHowMany() {
        var big = server.tenant();
        Project p = big.owner().createProject(new NewProject("big", "main"));
        new FindingSeeder(server.server().database(), 5).seed(big.id(), p.id(), 10_001, System.currentTimeMillis());

        assertThatThrownBy(() -> big.owner().findings().export(FindingFilter.none(), ExportFormat.CSV,
                new ByteArrayOutputStream()))
                .isInstanceOfSatisfying(VigilApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(422);
                    assertThat(e.code()).isEqualTo("EXPORT_LIMIT_EXCEEDED");
                    assertThat(e.error().message()).contains("10001");
                });
        var narrowed = FindingFilter.none().withSeverities(Set.of(Severity.CRITICAL));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        big.owner().findings().export(narrowed, ExportFormat.CSV, out);
        assertThat(out.size()).isPositive();
    }
}
