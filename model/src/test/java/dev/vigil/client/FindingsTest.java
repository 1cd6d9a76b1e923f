package dev.vigil.client;

import dev.vigil.client.RecordingServer.Answer;
import dev.vigil.client.RecordingServer.Recorded;
import dev.vigil.model.BulkStatusChange;
import dev.vigil.model.BulkStatusResult;
import dev.vigil.model.ExportFormat;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingDetail;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStats;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.HistoryEntry;
import dev.vigil.model.Page;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import dev.vigil.model.StatusChange;
import dev.vigil.model.TriageAction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import static dev.vigil.client.Fixtures.API_KEY;
import static dev.vigil.client.Fixtures.PROJECT_ID;
import static dev.vigil.client.Fixtures.USER_ID;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FindingsTest {

    private static final UUID FINDING_ID = UUID.fromString("aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee");

    private final RecordingServer server = RecordingServer.start();
    private final VigilClient client = VigilClient.of(server.uri(), API_KEY);

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Test
    void sendsRepeatableFiltersAsRepeatedEncodedKeysWithTheBracketSuffix() {
        server.answer(200, Fixtures.page(null));
        FindingFilter filter = FindingFilter.none()
                .withSeverities(Set.of(Severity.HIGH, Severity.CRITICAL))
                .withStatuses(Set.of(FindingStatus.OPEN, FindingStatus.IN_BACKLOG))
                .withScanType(ScanKind.SECRETS)
                .withProject(PROJECT_ID)
                .withAssignee(USER_ID)
                .withSearch("  aws key & more+  ");

        client.findings().list(filter, 25, "next/page=");

        Recorded request = server.single();
        assertThat(request.path()).isEqualTo("/v1/repo-vulnerabilities");
        assertThat(request.rawQuery()).isEqualTo("severity%5B%5D=critical&severity%5B%5D=high"
                + "&status%5B%5D=open&status%5B%5D=in_backlog&scan_type=secrets&project_id=" + PROJECT_ID
                + "&assigned_to_user_id=" + USER_ID + "&search=aws%20key%20%26%20more%2B&limit=25"
                + "&cursor=next%2Fpage%3D");
    }

    @Test
    void sendsNoQueryForNoFilterAndNoPaging() {
        server.answer(200, Fixtures.page(null));

        client.findings().list(FindingFilter.none(), null, null);

        assertThat(server.single().rawQuery()).isNull();
    }

    @Test
    void parsesAPageOfFindingsWithTheSpecifiedFieldNames() {
        server.answer(200, Fixtures.page("cursor-2", Fixtures.finding(FINDING_ID)));

        Page<Finding> page = client.findings().list(FindingFilter.none(), null, null);

        assertThat(page.hasMore()).isTrue();
        assertThat(page.nextCursor()).isEqualTo("cursor-2");
        Finding finding = page.data().getFirst();
        assertThat(finding.id()).isEqualTo(FINDING_ID);
        assertThat(finding.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(finding.status()).isEqualTo(FindingStatus.IN_PROGRESS);
        assertThat(finding.scanType()).isEqualTo(ScanKind.SCA);
        assertThat(finding.isBreaking()).isTrue();
        assertThat(finding.isDirect()).isFalse();
        assertThat(finding.slaBreached()).isTrue();
        assertThat(finding.fixAvailable()).isEqualTo("2.17.1");
        assertThat(finding.assignedToUserId()).isEqualTo(USER_ID);
        assertThat(finding.lastSeen()).isEqualTo(Instant.parse("2025-02-01T10:00:00.123Z"));
    }

    @Test
    void allFindingsFollowsNextCursorUntilTheLastPage() {
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();
        UUID third = UUID.randomUUID();
        server.answer(200, Fixtures.page("c1", Fixtures.finding(first), Fixtures.finding(second)))
                .answer(200, Fixtures.page("c2"))
                .answer(200, Fixtures.page(null, Fixtures.finding(third)));

        List<UUID> ids = client.findings().all(FindingFilter.none().withSeverities(Set.of(Severity.LOW)))
                .map(Finding::id).toList();

        assertThat(ids).containsExactly(first, second, third);
        assertThat(server.requests()).extracting(Recorded::rawQuery).containsExactly(
                "severity%5B%5D=low&limit=100",
                "severity%5B%5D=low&limit=100&cursor=c1",
                "severity%5B%5D=low&limit=100&cursor=c2");
    }

    @Test
    void allFindingsFetchesOnlyThePagesThatAreUsed() {
        server.answer(200, Fixtures.page("c1", Fixtures.finding(FINDING_ID)));

        assertThat(client.findings().all(FindingFilter.none()).findFirst()).isPresent();
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void allFindingsRefusesACursorThatDoesNotMove() {
        server.answerAlways(RecordingServer.json(200, Fixtures.page("same", Fixtures.finding(FINDING_ID))));

        assertThatThrownBy(() -> client.findings().all(FindingFilter.none()).toList())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("same");
    }

    @Test
    void exportCopiesTheCsvBytesUnchangedToTheOutputStream() {
        byte[] csv = "\uFEFFid,fingerprint\r\n1,'=cmd\r\n".getBytes(StandardCharsets.UTF_8);
        server.answer(new Answer(200, Map.of("Content-Type", "text/csv; charset=utf-8"), csv));
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        client.findings().export(FindingFilter.none().withStatuses(Set.of(FindingStatus.ACCEPTED)), ExportFormat.CSV, out);

        Recorded request = server.single();
        assertThat(request.path()).isEqualTo("/v1/repo-vulnerabilities/export");
        assertThat(request.rawQuery()).isEqualTo("status%5B%5D=accepted&format=csv");
        assertThat(request.header("Accept")).isEqualTo("text/csv, application/json");
        assertThat(out.toByteArray()).isEqualTo(csv);
    }

    @Test
    void exportAsJsonIsAStreamTheCallerReads() throws IOException {
        server.answer(200, "[{\"id\": \"x\"}]");

        try (InputStream in = client.findings().export(FindingFilter.none(), ExportFormat.JSON)) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("[{\"id\": \"x\"}]");
        }
        assertThat(server.single().rawQuery()).isEqualTo("format=json");
    }

    @Test
    void exportThrowsTheApiErrorInsteadOfStreamingIt() {
        server.answer(422, Fixtures.error("EXPORT_LIMIT_EXCEEDED", "12000 rows match"));

        assertThatThrownBy(() -> client.findings().export(FindingFilter.none(), ExportFormat.CSV, new ByteArrayOutputStream()))
                .isInstanceOfSatisfying(VigilApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(422);
                    assertThat(e.code()).isEqualTo("EXPORT_LIMIT_EXCEEDED");
                    assertThat(e.error().message()).isEqualTo("12000 rows match");
                });
    }

    @Test
    void fetchesStatsOfTheTenantOrOfOneProject() {
        String stats = """
                {"total": 7, "by_severity": {"critical": 2, "high": 5}, "by_status": {"open": 7},
                 "by_scan_type": {"sca": 7}, "sla_breached": 1}""";
        server.answer(200, stats).answer(200, stats);

        FindingStats all = client.findings().stats(Optional.empty());
        client.findings().stats(Optional.of(PROJECT_ID));

        assertThat(server.requests()).extracting(Recorded::path).containsOnly("/v1/repo-vulnerabilities/stats");
        assertThat(server.requests()).extracting(Recorded::rawQuery).containsExactly(null, "project_id=" + PROJECT_ID);
        assertThat(all).isEqualTo(new FindingStats(7, Map.of("critical", 2L, "high", 5L), Map.of("open", 7L),
                Map.of("sca", 7L), 1));
    }

    @Test
    void fetchesOneFindingAndItsHistory() {
        server.answer(200, Fixtures.finding(FINDING_ID)).answer(200, Fixtures.page(null, """
                {"at": "2025-01-02T00:00:00Z", "actor": "ana@example.com", "from": "open",
                 "to": "accepted", "action": "accept", "reason": "vendor fix pending"}"""));

        Finding finding = client.findings().get(FINDING_ID);
        Page<HistoryEntry> history = client.findings().history(FINDING_ID, 10, null);

        assertThat(finding.id()).isEqualTo(FINDING_ID);
        assertThat(server.requests()).extracting(Recorded::path).containsExactly(
                "/v1/repo-vulnerabilities/" + FINDING_ID, "/v1/repo-vulnerabilities/" + FINDING_ID + "/history");
        assertThat(server.requests().getLast().rawQuery()).isEqualTo("limit=10");
        assertThat(history.data()).containsExactly(new HistoryEntry(Instant.parse("2025-01-02T00:00:00Z"),
                "ana@example.com", FindingStatus.OPEN, FindingStatus.ACCEPTED, "accept", "vendor fix pending"));
    }

    @Test
    void fetchesOneFindingWithItsContext() {
        String finding = Fixtures.finding(FINDING_ID).strip();
        server.answer(200, finding.substring(0, finding.length() - 1) + """
                , "context": {"start_line": 40, "lines": ["<dependency>", "  <version>2.14.1</version>"]},
                  "references": ["https://osv.dev/vulnerability/CVE-2021-44228"],
                  "cvss": {"version": "3.1", "vector": "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H", "score": 10.0},
                  "dependency_path": null, "remediation": null}""");

        FindingDetail detail = client.findings().detail(FINDING_ID);

        assertThat(server.single().path()).isEqualTo("/v1/repo-vulnerabilities/" + FINDING_ID);
        assertThat(detail.finding().id()).isEqualTo(FINDING_ID);
        assertThat(detail.finding().ruleId()).isEqualTo("CVE-2021-44228");
        assertThat(detail.context()).isEqualTo(
                new FindingDetail.Context(40, List.of("<dependency>", "  <version>2.14.1</version>")));
        assertThat(detail.references()).containsExactly("https://osv.dev/vulnerability/CVE-2021-44228");
        assertThat(detail.cvss().score()).isEqualTo(10.0);
        assertThat(detail.dependencyPath()).isNull();
    }

    @Test
    void changesStatusWithASnakeCaseJsonBody() {
        server.answer(200, Fixtures.finding(FINDING_ID));

        Finding finding = client.changeStatus(FINDING_ID,
                new StatusChange(TriageAction.ACCEPT, "vendor fix pending", LocalDate.of(2025, 12, 31)));

        Recorded request = server.single();
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/v1/repo-vulnerabilities/" + FINDING_ID + "/status");
        assertThat(request.header("Content-Type")).isEqualTo("application/json");
        assertThat(request.json().toString())
                .isEqualTo("{\"action\":\"accept\",\"reason\":\"vendor fix pending\",\"accepted_until\":\"2025-12-31\"}");
        assertThat(finding.id()).isEqualTo(FINDING_ID);
    }

    @Test
    void assignsAUser() {
        server.answer(200, Fixtures.finding(FINDING_ID));

        client.assign(FINDING_ID, USER_ID);

        Recorded request = server.single();
        assertThat(request.path()).isEqualTo("/v1/repo-vulnerabilities/" + FINDING_ID + "/assign");
        assertThat(request.text()).isEqualTo("{\"user_id\":\"" + USER_ID + "\"}");
    }

    @Test
    void unassignsBySendingAJsonNullUserId() {
        server.answer(200, Fixtures.finding(FINDING_ID));

        client.assign(FINDING_ID, null);

        assertThat(server.single().text()).isEqualTo("{\"user_id\":null}");
    }

    @Test
    void changesStatusInBulkAndParsesOneResultPerId() {
        UUID other = UUID.randomUUID();
        server.answer(200, """
                {"results": [{"id": "%s", "status": "resolved"}, {"id": "%s", "error": "INVALID_TRANSITION"}]}"""
                .formatted(FINDING_ID, other));

        BulkStatusResult result = client.bulkStatus(new BulkStatusChange(List.of(FINDING_ID, other),
                TriageAction.RESOLVE, null, null));

        Recorded request = server.single();
        assertThat(request.path()).isEqualTo("/v1/repo-vulnerabilities/bulk-status");
        assertThat(request.json().path("ids").toString()).isEqualTo("[\"" + FINDING_ID + "\",\"" + other + "\"]");
        assertThat(request.json().path("action").asText()).isEqualTo("resolve");
        assertThat(result.results()).containsExactly(
                new BulkStatusResult.Item(FINDING_ID, FindingStatus.RESOLVED, null),
                new BulkStatusResult.Item(other, null, "INVALID_TRANSITION"));
    }
}
