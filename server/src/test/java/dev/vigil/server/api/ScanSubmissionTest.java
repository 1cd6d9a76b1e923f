package dev.vigil.server.api;

import dev.vigil.client.MultipartForm;
import dev.vigil.client.RawResponse;
import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanQuery;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilApiException;
import dev.vigil.model.NewProject;
import dev.vigil.model.Plan;
import dev.vigil.model.Project;
import dev.vigil.model.Scan;
import dev.vigil.model.ScanListItem;
import dev.vigil.model.ScanType;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.SetUpServer;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import dev.vigil.server.testing.WallClock;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Validation of POST /v1/scans and the scan list (workers off: scans stay pending). */
@VigilServerTest
class ScanSubmissionTest {

    private static final String COMMIT = "b".repeat(40);
    private static final byte[] ARCHIVE = Archives.tarGz(Map.of("main.tf", "resource \"x\" \"y\" {}\n"));
    private static TestServer server;
    private static TestServer.Tenant tenant;
    private static Project project;

    @SetUpServer
    static ServerSettings settings(ServerSettings s) {
        return s.withWorkers(0);
    }

    @BeforeAll
    static void start() {
        project = tenant.owner().createProject(new NewProject("submissions", "main"));
    }

    private static MultipartForm valid(Consumer<Map<String, String>> change) {
        Map<String, String> fields = new LinkedHashMap<>(Map.of("project_id", project.id().toString(),
                "branch", "main", "commit_hash", COMMIT, "scan_type", "sca,secrets"));
        change.accept(fields);
        MultipartForm form = new MultipartForm();
        fields.forEach((name, value) -> {
            if (value != null) {
                form.field(name, value);
            }
        });
        return form;
    }

    private static RawResponse post(MultipartForm form) {
        return tenant.owner().send("POST", "/v1/scans", Map.of("Content-Type", form.contentType()), form.toByteArray());
    }

    private static void assertInvalid(String field, Consumer<Map<String, String>> change) {
        RawResponse response = post(valid(change).file("files", "src.tar.gz", "application/gzip", ARCHIVE));
        assertThat(response.status()).as(field).isEqualTo(400);
        assertThat(response.error().error()).isEqualTo("VALIDATION_FAILED");
        assertThat(response.error().details()).extracting(p -> p.field()).as(field).contains(field);
    }

    @Test
    void acceptsEverySpellingOfScanType() {
        for (ScanType type : ScanType.values()) {
            Scan scan = tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(ARCHIVE), project.id(), "main",
                    COMMIT, type));
            assertThat(scan.scanType()).isEqualTo(type);
            assertThat(scan.status().wire()).isEqualTo("pending");
            assertThat(scan.commitHash()).isEqualTo(COMMIT);
        }
    }

    @Test
    void refusesEachInvalidField() {
        assertInvalid("project_id", f -> f.put("project_id", "nope"));
        assertInvalid("project_id", f -> f.put("project_id", UUID.randomUUID().toString()));
        assertInvalid("project_id", f -> f.remove("project_id"));
        assertInvalid("branch", f -> f.remove("branch"));
        assertInvalid("branch", f -> f.put("branch", "b".repeat(300)));
        assertInvalid("commit_hash", f -> f.put("commit_hash", "abc123"));
        assertInvalid("commit_hash", f -> f.put("commit_hash", "z".repeat(40)));
        assertInvalid("scan_type", f -> f.put("scan_type", "secrets,sca"));
        assertInvalid("scan_type", f -> f.put("scan_type", "sast"));
        assertInvalid("pr_id", f -> f.put("pr_id", "0"));
        assertInvalid("pr_id", f -> f.put("pr_id", "twelve"));
        assertInvalid("changed_files", f -> f.put("changed_files", "src/a.js"));
        assertInvalid("changed_files", f -> f.put("changed_files", "[\"../etc/passwd\"]"));
        assertInvalid("changed_files", f -> f.put("changed_files", "[\"/abs/path\"]"));
        assertInvalid("changed_files", f -> f.put("changed_files", "[1, 2]"));
    }

    @Test
    void acceptsA64CharacterCommitAndChangedFiles() {
        RawResponse response = post(valid(f -> {
            f.put("commit_hash", "c".repeat(64));
            f.put("pr_id", "17");
            f.put("changed_files", "[\"src/a.js\", \"./infra/main.tf\"]");
        }).file("files", "src.tar.gz", "application/gzip", ARCHIVE));

        assertThat(response.status()).isEqualTo(201);
        var detail = tenant.owner().getScan(UUID.fromString(response.json().get("id").asText()));
        assertThat(detail.prId()).isEqualTo(17);
        assertThat(detail.changedFiles()).containsExactly("src/a.js", "infra/main.tf");
        assertThat(detail.prComment().status()).isEqualTo("not_configured");
    }

    @Test
    void refusesMissingOrNonGzipArchive() {
        assertThat(post(valid(f -> { })).error().details()).extracting(p -> p.field()).contains("files");
        RawResponse text = post(valid(f -> { }).file("files", "src.tar.gz", "application/gzip", "plain".getBytes()));
        assertThat(text.status()).isEqualTo(400);
        assertThat(text.error().details()).extracting(p -> p.field()).contains("files");
        RawResponse empty = post(valid(f -> { }).file("files", "src.tar.gz", "application/gzip", new byte[0]));
        assertThat(empty.status()).isEqualTo(400);
    }

    @Test
    void refusesBodiesThatAreNotMultipart() {
        RawResponse json = tenant.owner().send("POST", "/v1/scans", Map.of("Content-Type", "application/json"),
                "{}".getBytes());

        assertThat(json.status()).isEqualTo(415);
        assertThat(json.error().error()).isEqualTo("UNSUPPORTED_MEDIA_TYPE");
    }

    @Test
    void refusesArchivesOverFiftyMebibytes() {
        byte[] big = new byte[50 * 1024 * 1024 + 10];
        new Random(1).nextBytes(big);
        big[0] = 0x1f;
        big[1] = (byte) 0x8b;

        RawResponse response = post(valid(f -> { }).file("files", "src.tar.gz", "application/gzip", big));

        assertThat(response.status()).isEqualTo(413);
        assertThat(response.error().error()).isEqualTo("PAYLOAD_TOO_LARGE");
        assertThat(response.header("X-Request-ID")).isPresent();
    }

    @Test
    void freePlanCannotRunIacScans() {
        var free = server.tenant(Plan.FREE);
        Project p = free.owner().createProject(new NewProject("free", "main"));

        assertThatThrownBy(() -> free.owner().submitScan(ScanSubmission.of(ScanArchive.of(ARCHIVE), p.id(), "main",
                COMMIT, ScanType.FULL))).isInstanceOfSatisfying(VigilApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(403);
                    assertThat(e.code()).isEqualTo("FORBIDDEN");
                });
        assertThat(free.owner().submitScan(ScanSubmission.of(ScanArchive.of(ARCHIVE), p.id(), "main", COMMIT,
                ScanType.SCA_SECRETS)).id()).isNotNull();
    }

    @Test
    void listsPullRequestScansNewestFirstAndAllScansOnRequest() throws InterruptedException {
        Project p = tenant.owner().createProject(new NewProject("listing", "main"));
        List<UUID> prScans = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            Scan scan = tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(ARCHIVE), p.id(), "feature", COMMIT,
                    ScanType.SECRETS).withPrId(i));
            prScans.add(scan.id());
            WallClock.tickPast(scan.createdAt());
        }
        tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(ARCHIVE), p.id(), "main", COMMIT, ScanType.SECRETS));

        List<ScanListItem> listed = new ArrayList<>();
        String cursor = null;
        do {
            ScanQuery query = ScanQuery.pullRequests().withProject(p.id()).withLimit(2);
            var page = tenant.owner().listScans(cursor == null ? query : query.withCursor(cursor));
            listed.addAll(page.data());
            cursor = page.nextCursor();
        } while (cursor != null);

        assertThat(listed).extracting(ScanListItem::id).containsExactlyElementsOf(prScans.reversed());
        assertThat(listed.getFirst().projectName()).isEqualTo("listing");
        assertThat(tenant.owner().listScans(ScanQuery.all().withProject(p.id())).data()).hasSize(6);
    }

    @Test
    void scanDetailOfAnUnknownScanIs404AndSarifWaitsForCompletion() {
        Scan scan = tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(ARCHIVE), project.id(), "main", COMMIT,
                ScanType.SECRETS));

        assertThat(tenant.owner().send("GET", "/v1/scans/" + UUID.randomUUID(), Map.of(), null).status()).isEqualTo(404);
        assertThat(tenant.owner().send("GET", "/v1/scans/" + scan.id() + "/sarif", Map.of(), null).status())
                .isEqualTo(404);
        var sarif = tenant.owner().getScan(scan.id()).sarif();
        assertThat(sarif == null || sarif.isNull()).as("no SARIF before completion").isTrue();
    }
}
