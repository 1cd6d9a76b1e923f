package dev.vigil.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.client.RecordingServer.Recorded;
import dev.vigil.model.Page;
import dev.vigil.model.PrComment;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanListItem;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanSummary;
import dev.vigil.model.ScanType;
import dev.vigil.model.ScanWarning;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static dev.vigil.client.Fixtures.API_KEY;
import static dev.vigil.client.Fixtures.PROJECT_ID;
import static dev.vigil.client.Fixtures.SCAN_ID;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScansTest {

    private static final String LIST_ITEM = """
            {"id": "%s", "project_id": "%s", "project_name": "payments", "branch": "main",
             "commit_hash": "%s", "scan_type": "sca", "status": "completed", "findings_count": 5,
             "critical_count": 1, "high_count": 2, "is_blocked": true,
             "created_at": "2025-03-01T12:00:00Z", "completed_at": "2025-03-01T12:01:30Z"}"""
            .formatted(SCAN_ID, PROJECT_ID, Fixtures.COMMIT);

    private final RecordingServer server = RecordingServer.start();
    private final VigilClient client = VigilClient.of(server.uri(), API_KEY);

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Test
    void listsPullRequestScansWithoutQueryByDefault() {
        server.answer(200, Fixtures.page(null));

        Page<ScanListItem> page = client.listScans(ScanQuery.pullRequests());

        Recorded request = server.single();
        assertThat(request.method()).isEqualTo("GET");
        assertThat(request.path()).isEqualTo("/v1/scans");
        assertThat(request.rawQuery()).isNull();
        assertThat(page.data()).isEmpty();
        assertThat(page.hasMore()).isFalse();
        assertThat(page.nextCursor()).isNull();
    }

    @Test
    void sendsProjectLimitCursorAndIncludeAll() {
        server.answer(200, Fixtures.page("c2", LIST_ITEM));

        Page<ScanListItem> page = client.listScans(ScanQuery.all().withProject(PROJECT_ID).withLimit(50)
                .withCursor("abc+/="));

        assertThat(server.single().rawQuery())
                .isEqualTo("project_id=" + PROJECT_ID + "&limit=50&cursor=abc%2B%2F%3D&include=all");
        assertThat(page.hasMore()).isTrue();
        assertThat(page.nextCursor()).isEqualTo("c2");
        ScanListItem item = page.data().getFirst();
        assertThat(item.isBlocked()).isTrue();
        assertThat(item.scanType()).isEqualTo(ScanType.SCA);
        assertThat(item.completedAt()).isEqualTo(Instant.parse("2025-03-01T12:01:30Z"));
        assertThat(item.findingsCount()).isEqualTo(5);
    }

    @Test
    void parsesTheScanDetailWithWarningsSummaryCommentAndSarif() {
        server.answer(200, Fixtures.scanDetail("failed"));

        ScanDetail scan = client.getScan(SCAN_ID);

        assertThat(server.single().path()).isEqualTo("/v1/scans/" + SCAN_ID);
        assertThat(scan.status()).isEqualTo(ScanStatus.FAILED);
        assertThat(scan.isBlocked()).isTrue();
        assertThat(scan.prId()).isEqualTo(17);
        assertThat(scan.changedFiles()).containsExactly("src/App.java");
        assertThat(scan.scanWarnings()).containsExactly(new ScanWarning("FILE_TOO_LARGE", "skipped", "big.bin"));
        assertThat(scan.summary()).isEqualTo(new ScanSummary(1, 2, 0, 0, 0, 2, 1, 1));
        assertThat(scan.prComment()).isEqualTo(new PrComment("posted", "https://git.example/pr/17#c1", null));
        assertThat(scan.sarif().path("version").asText()).isEqualTo("2.1.0");
        assertThat(scan.completedAt()).isNull();
    }

    @Test
    void fetchesTheSarifLogAlone() {
        server.answer(200, """
                {"version": "2.1.0", "$schema": "https://json.schemastore.org/sarif-2.1.0.json", "runs": [{}]}""");

        JsonNode sarif = client.getSarif(SCAN_ID);

        assertThat(server.single().path()).isEqualTo("/v1/scans/" + SCAN_ID + "/sarif");
        assertThat(sarif.path("runs").size()).isEqualTo(1);
    }

    @Test
    void awaitScanPollsUntilTheScanHasCompleted() {
        server.answer(200, Fixtures.scanDetail("pending"))
                .answer(200, Fixtures.scanDetail("running"))
                .answer(200, Fixtures.scanDetail("completed"))
                .answer(200, Fixtures.scanDetail("failed"));

        ScanDetail scan = client.awaitScan(SCAN_ID, Duration.ofSeconds(30));

        assertThat(scan.status()).isEqualTo(ScanStatus.COMPLETED);
        assertThat(server.requests()).hasSize(3)
                .allSatisfy(request -> assertThat(request.path()).isEqualTo("/v1/scans/" + SCAN_ID));
    }

    @Test
    void awaitScanShowsTheScanAtEachPollThatFindsItUnfinished() {
        server.answer(200, Fixtures.scanDetail("pending"))
                .answer(200, Fixtures.scanDetail("running"))
                .answer(200, Fixtures.scanDetail("completed"));
        List<ScanStatus> seen = new ArrayList<>();

        ScanDetail scan = client.awaitScan(SCAN_ID, Duration.ofSeconds(30), unfinished -> seen.add(unfinished.status()));

        assertThat(scan.status()).isEqualTo(ScanStatus.COMPLETED);
        assertThat(seen).containsExactly(ScanStatus.PENDING, ScanStatus.RUNNING);
    }

    @Test
    void awaitScanReturnsAFailedScanAtOnce() {
        server.answer(200, Fixtures.scanDetail("failed"));

        assertThat(client.awaitScan(SCAN_ID, Duration.ofSeconds(30)).status()).isEqualTo(ScanStatus.FAILED);
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void awaitScanGivesUpAfterTheTimeoutWithTheLastSeenScan() {
        server.answerAlways(RecordingServer.json(200, Fixtures.scanDetail("running")));

        assertThatThrownBy(() -> client.awaitScan(SCAN_ID, Duration.ofMillis(500)))
                .isInstanceOfSatisfying(ScanTimeoutException.class,
                        e -> assertThat(e.lastSeen().status()).isEqualTo(ScanStatus.RUNNING))
                .hasMessageContaining(SCAN_ID.toString()).hasMessageContaining("running");
        assertThat(server.requests().size()).isBetween(2, 4);
    }

    @Test
    void scanQueryDefaultsAreEmpty() {
        assertThat(ScanQuery.pullRequests().toQuery().appendTo("/v1/scans")).isEqualTo("/v1/scans");
        assertThat(ScanQuery.all().toQuery().appendTo("/v1/scans")).isEqualTo("/v1/scans?include=all");
        assertThat(List.of(ScanQuery.all().includeAll(), ScanQuery.pullRequests().includeAll()))
                .containsExactly(true, false);
    }
}
