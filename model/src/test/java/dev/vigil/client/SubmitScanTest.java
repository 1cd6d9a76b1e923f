package dev.vigil.client;

import dev.vigil.client.MultipartParser.Part;
import dev.vigil.client.RecordingServer.Recorded;
import dev.vigil.model.Scan;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.stream.Collectors;

import static dev.vigil.client.Fixtures.API_KEY;
import static dev.vigil.client.Fixtures.COMMIT;
import static dev.vigil.client.Fixtures.PROJECT_ID;
import static dev.vigil.client.Fixtures.SCAN_ID;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SubmitScanTest {

    private final RecordingServer server = RecordingServer.start();
    private final VigilClient client = VigilClient.of(server.uri(), API_KEY);

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Test
    void postsAMultipartFormWithEveryRequiredFieldAndTheArchiveFromAFile(@TempDir Path dir) throws IOException {
        byte[] archive = randomBytes(300_000);
        Path file = Files.write(dir.resolve("any-name.tgz"), archive);
        server.answer(201, Fixtures.scan());

        client.submitScan(ScanSubmission.of(ScanArchive.of(file), PROJECT_ID, "main", COMMIT, ScanType.SCA_SECRETS));

        Recorded request = server.single();
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/v1/scans");
        assertThat(request.rawQuery()).isNull();
        assertThat(request.header("Authorization")).isEqualTo("Bearer " + API_KEY);
        assertThat(request.header("Accept")).isEqualTo("application/json");
        List<Part> parts = MultipartParser.parse(request.header("Content-Type"), request.body());
        assertThat(parts).extracting(Part::name)
                .containsExactly("project_id", "branch", "commit_hash", "scan_type", "files");
        assertThat(textOf(parts)).containsExactlyInAnyOrderEntriesOf(Map.of(
                "project_id", PROJECT_ID.toString(), "branch", "main", "commit_hash", COMMIT,
                "scan_type", "sca,secrets"));
        Part files = parts.getLast();
        assertThat(files.filename()).contains("source.tar.gz");
        assertThat(files.contentType()).contains("application/gzip");
        assertThat(files.content()).isEqualTo(archive);
    }

    @Test
    void sendsArchiveBytesUnchangedEvenWhenTheyLookLikeDelimiters() {
        byte[] archive = "\r\n--\r\n--vigil-\r\n\r\n\u0000\u00ff".getBytes(StandardCharsets.ISO_8859_1);
        server.answer(201, Fixtures.scan());

        client.submitScan(ScanSubmission.of(ScanArchive.of(archive), PROJECT_ID, "main", COMMIT, ScanType.FULL));

        Recorded request = server.single();
        Part files = MultipartParser.parse(request.header("Content-Type"), request.body()).getLast();
        assertThat(files.content()).isEqualTo(archive);
    }

    @Test
    void sendsTheBodyWithAContentLengthRatherThanChunked(@TempDir Path dir) throws IOException {
        Path file = Files.write(dir.resolve("source.tar.gz"), randomBytes(70_000));
        server.answer(201, Fixtures.scan());

        client.submitScan(ScanSubmission.of(ScanArchive.of(file), PROJECT_ID, "main", COMMIT, ScanType.SCA));

        Recorded request = server.single();
        assertThat(request.header("Content-Length")).isEqualTo(String.valueOf(request.body().length));
        assertThat(request.header("Transfer-Encoding")).isNull();
    }

    @Test
    void sendsPullRequestNumberAndChangedFilesAsJsonArrayWhenGiven() {
        server.answer(201, Fixtures.scan());
        ScanSubmission submission = ScanSubmission.of(ScanArchive.of(new byte[]{31, -117}), PROJECT_ID,
                        "feature/ünïcode", COMMIT, ScanType.IAC_SECRETS)
                .withPrId(42)
                .withChangedFiles(List.of("src/a \"quoted\".tf", "k8s/deploy.yaml"));

        client.submitScan(submission);

        Recorded request = server.single();
        Map<String, String> fields = textOf(MultipartParser.parse(request.header("Content-Type"), request.body()));
        assertThat(fields).containsEntry("branch", "feature/ünïcode")
                .containsEntry("scan_type", "iac,secrets")
                .containsEntry("pr_id", "42")
                .containsEntry("changed_files", "[\"src/a \\\"quoted\\\".tf\",\"k8s/deploy.yaml\"]");
    }

    @Test
    void leavesOutPullRequestNumberAndChangedFilesWhenNotGiven() {
        server.answer(201, Fixtures.scan());

        client.submitScan(ScanSubmission.of(ScanArchive.of(new byte[1]), PROJECT_ID, "main", COMMIT, ScanType.SCA));

        Recorded request = server.single();
        assertThat(MultipartParser.parse(request.header("Content-Type"), request.body()))
                .extracting(Part::name).doesNotContain("pr_id", "changed_files");
        assertThat(request.header("Idempotency-Key")).isNull();
    }

    @Test
    void parsesTheCreatedScan() {
        server.answer(201, Fixtures.scan());

        Scan scan = client.submitScan(ScanSubmission.of(ScanArchive.of(new byte[1]), PROJECT_ID, "main", COMMIT,
                ScanType.SCA));

        assertThat(scan).isEqualTo(new Scan(SCAN_ID, ScanStatus.PENDING, PROJECT_ID, "main", COMMIT,
                ScanType.SCA_SECRETS, Instant.parse("2025-03-01T12:00:00Z")));
    }

    @Test
    void sendsTheIdempotencyKeyAndExposesTheAnswersStatusAndHeaders() {
        UUID key = UUID.randomUUID();
        server.answer(new RecordingServer.Answer(201, Map.of("Content-Type", "application/json",
                "Idempotent-Replayed", "true", "X-RateLimit-Remaining", "49"),
                Fixtures.scan().getBytes(StandardCharsets.UTF_8)));

        Response<Scan> response = client.submitScanWithHeaders(
                ScanSubmission.of(ScanArchive.of(new byte[1]), PROJECT_ID, "main", COMMIT, ScanType.SCA), key);

        assertThat(server.single().header("Idempotency-Key")).isEqualTo(key.toString());
        assertThat(response.status()).isEqualTo(201);
        assertThat(response.header("idempotent-replayed")).contains("true");
        assertThat(response.header("X-RATELIMIT-REMAINING")).contains("49");
        assertThat(response.requestId()).isPresent();
        assertThat(response.body().id()).isEqualTo(SCAN_ID);
    }

    @Test
    void failsBeforeSendingWhenTheArchiveFileDoesNotExist(@TempDir Path dir) {
        ScanSubmission submission = ScanSubmission.of(ScanArchive.of(dir.resolve("missing.tar.gz")), PROJECT_ID,
                "main", COMMIT, ScanType.SCA);

        assertThatThrownBy(() -> client.submitScan(submission)).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("missing.tar.gz");
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void buildsTheSameBodyInMemoryAsItStreams() {
        ScanSubmission submission = ScanSubmission.of(ScanArchive.of(randomBytes(5_000)), PROJECT_ID, "main",
                COMMIT, ScanType.SCA).withPrId(3);
        MultipartForm form = submission.toForm();
        server.answer(201, Fixtures.scan());

        client.send("POST", "/v1/scans", Map.of("Content-Type", form.contentType()), form.toByteArray());

        Recorded request = server.single();
        assertThat(MultipartParser.parse(request.header("Content-Type"), request.body()))
                .extracting(Part::name).containsExactly("project_id", "branch", "commit_hash", "scan_type",
                        "pr_id", "files");
    }

    @Test
    void escapesQuotesAndLineBreaksInPartNames() {
        MultipartForm form = new MultipartForm().field("a\"b\r\nX-Evil: 1", "v");

        List<Part> parts = MultipartParser.parse(form.contentType(), form.toByteArray());

        assertThat(parts).singleElement().extracting(Part::name).isEqualTo("a%22b%0D%0AX-Evil: 1");
    }

    private static Map<String, String> textOf(List<Part> parts) {
        return parts.stream().filter(part -> part.filename().isEmpty())
                .collect(Collectors.toMap(Part::name, Part::text));
    }

    private static byte[] randomBytes(int size) {
        byte[] bytes = new byte[size];
        new Random(size).nextBytes(bytes);
        return bytes;
    }
}
