package dev.vigil.server.hostile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.Scan;
import dev.vigil.model.ScanType;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.http.UploadSettings;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.SetUpServer;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Hostile uploads to POST /v1/scans, sent byte by byte over a raw socket as misbehaving clients send them. */
@VigilServerTest
class UploadTest {

    private static final String BOUNDARY = "hostile-boundary";
    private static final String COMMIT = "a".repeat(40);
    private static final int MIB = 1024 * 1024;
    private static final Duration WINDOW = Duration.ofSeconds(2);
    private static final long DRAINED = 64L * MIB;
    private static final ExecutorService CLIENTS = Executors.newVirtualThreadPerTaskExecutor();
    private static TestServer server;
    private static TestServer.Tenant tenant;
    private static Project project;

    @SetUpServer
    static ServerSettings settings(ServerSettings s) {
        return s.withWorkers(0).withUploads(UploadSettings.defaults()
                .withRate(1024, WINDOW).withDrain(DRAINED, Duration.ofSeconds(30))
                .withPermitWait(Duration.ofSeconds(1)));
    }

    @BeforeAll
    static void start() {
        project = tenant.owner().createProject(new NewProject("uploads", "main"));
    }

    @AfterAll
    static void stop() {
        CLIENTS.shutdownNow();
    }

    @Test
    void answers413ToAClientThatWritesSixtyMebibytesWithALengthBeforeReading() throws IOException {
        Reply reply = writeThenRead(request(true, body(fields(), gzipLike(60 * MIB))));

        assertThat(reply.status()).isEqualTo(413);
        assertThat(reply.json().get("error").asText()).isEqualTo("PAYLOAD_TOO_LARGE");
        assertThat(reply.headers()).containsKey("x-request-id");
    }

    @Test
    void answers413ToAClientThatWritesSixtyChunkedMebibytesBeforeReading() throws IOException {
        Reply reply = writeThenRead(request(false, body(fields(), gzipLike(60 * MIB))));

        assertThat(reply.status()).isEqualTo(413);
        assertThat(reply.json().get("error").asText()).isEqualTo("PAYLOAD_TOO_LARGE");
        assertThat(reply.headers()).containsKey("x-request-id");
    }

    @Test
    void refusesAFormOfManyPartsWithoutWaitingForTheRest() throws IOException {
        StringBuilder parts = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            parts.append(part("note" + i, "x"));
        }

        Reply reply = sendAndWait(chunk(parts.toString().getBytes(StandardCharsets.UTF_8)));

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.json().get("error").asText()).isEqualTo("VALIDATION_FAILED");
        assertThat(reply.json().get("message").asText()).contains("more than 16 parts");
        assertThat(reply.headers()).containsKey("x-request-id");
    }

    @Test
    void refusesTextFieldsOverSixtyFourKibibytesTogetherWithoutWaitingForTheRest() throws IOException {
        String fields = part("branch", "b".repeat(40 * 1024)) + part("changed_files", "c".repeat(30 * 1024))
                + part("commit_hash", COMMIT);

        Reply reply = sendAndWait(chunk(fields.getBytes(StandardCharsets.UTF_8)));

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.json().get("error").asText()).isEqualTo("VALIDATION_FAILED");
        assertThat(reply.json().get("message").asText()).contains("longer than 64 KiB together");
    }

    @Test
    void leavesNoSpooledArchiveBehindWhateverTheOutcome() throws IOException {
        byte[] archive = Archives.tarGz(Map.of("a.txt", "a"));
        Map<String, String> unknownProject = fields();
        unknownProject.put("project_id", UUID.randomUUID().toString());

        assertThat(writeThenRead(request(true, body(fields(), archive))).status()).isEqualTo(201);
        assertThat(writeThenRead(request(true, body(unknownProject, archive))).status()).isEqualTo(400);
        assertThat(writeThenRead(request(false, body(fields(), gzipLike(51 * MIB)))).status()).isEqualTo(413);

        try (var files = Files.list(server.dataDir().resolve("uploads"))) {
            assertThat(files.toList()).isEmpty();
        }
    }

    @Test
    void refusesASecondArchiveWithoutReadingIt() throws IOException {
        ByteArrayOutputStream start = new ByteArrayOutputStream();
        start.writeBytes(archivePart(Archives.tarGz(Map.of("a.txt", "a"))));
        start.writeBytes(archivePart(new byte[]{0x1f, (byte) 0x8b}));

        Reply reply = sendAndWait(chunk(start.toByteArray()));

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.json().get("message").asText()).contains("send exactly one archive");
    }

    @Test
    void closesTheConnectionAfterThe413WhenTheRestOfTheBodyIsLongerThanTheServerReads() throws Exception {
        long declared = DRAINED + 200L * MIB;
        try (Socket socket = connect()) {
            socket.setSoTimeout(30_000);
            AtomicLong written = new AtomicLong();
            CompletableFuture<Void> writing = CompletableFuture.runAsync(() -> {
                try {
                    OutputStream out = socket.getOutputStream();
                    out.write(head("Content-Length: " + declared));
                    byte[] zeros = new byte[1 << 16];
                    while (written.get() < declared) {
                        out.write(zeros);
                        written.addAndGet(zeros.length);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, CLIENTS);

            Reply reply = read(socket.getInputStream());

            assertThat(reply.status()).isEqualTo(413);
            assertThat(reply.headers()).containsKey("x-request-id");
            assertThatThrownBy(() -> writing.get(30, TimeUnit.SECONDS)).as("the server stops reading")
                    .isInstanceOf(ExecutionException.class);
            assertThat(written.get()).isLessThan(declared);
        }
    }

    @Test
    void slowUploadsDoNotHoldBackOtherSubmissions() throws Exception {
        List<Socket> stalled = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) {
                stalled.add(startUpload());
            }
            Thread.sleep(500);

            long started = System.nanoTime();
            Scan scan = CompletableFuture.supplyAsync(() -> tenant.owner().submitScan(ScanSubmission.of(
                    ScanArchive.of(Archives.tarGz(Map.of("a.txt", "a"))), project.id(), "main", COMMIT,
                    ScanType.SECRETS)), CLIENTS).get(10, TimeUnit.SECONDS);

            assertThat(scan.status().wire()).isEqualTo("pending");
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
        } finally {
            for (Socket socket : stalled) {
                socket.close();
            }
        }
    }

    @Test
    void refusesATenantsUploadsBeyondItsShareOfTheNodeAtOnce() throws Exception {
        TestServer.Tenant other = server.tenant();
        Project theirs = other.owner().createProject(new NewProject("theirs", "main"));
        List<Socket> stalled = new ArrayList<>();
        try {
            for (int i = 0; i < UploadSettings.defaults().receivingPerTenant(); i++) {
                stalled.add(startUpload(other.ownerKey(), theirs));
            }
            Thread.sleep(500);
            Map<String, String> fields = fields(theirs);
            byte[] body = body(fields, Archives.tarGz(Map.of("a.txt", "a")));
            ByteArrayOutputStream oneMore = new ByteArrayOutputStream();
            oneMore.writeBytes(head(other.ownerKey(), "Content-Length: " + body.length));
            oneMore.writeBytes(body);

            Reply refused = writeThenRead(oneMore.toByteArray());

            assertThat(refused.status()).isEqualTo(503);
            assertThat(refused.json().get("error").asText()).isEqualTo("SERVER_BUSY");
            assertThat(refused.headers()).containsKey("retry-after");
            assertThat(writeThenRead(request(true, body(fields(), Archives.tarGz(Map.of("a.txt", "a"))))).status())
                    .as("another tenant's upload").isEqualTo(201);
        } finally {
            for (Socket socket : stalled) {
                socket.close();
            }
        }
    }

    @Test
    void endsAnUploadTricklingBelowTheMinimumRateWith408() throws Exception {
        try (Socket socket = startUpload()) {
            socket.setSoTimeout(20_000);
            CompletableFuture<Void> trickle = CompletableFuture.runAsync(() -> {
                try {
                    while (true) {
                        socket.getOutputStream().write(0);
                        Thread.sleep(200);
                    }
                } catch (IOException | InterruptedException e) {
                    // the server answered and closed, or the test ended
                }
            }, CLIENTS);
            long started = System.nanoTime();

            Reply reply = read(socket.getInputStream());

            assertThat(reply.status()).isEqualTo(408);
            assertThat(reply.json().get("error").asText()).isEqualTo("REQUEST_TIMEOUT");
            assertThat(reply.headers()).containsKey("x-request-id");
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(WINDOW.multipliedBy(4));
            trickle.cancel(true);
        }
    }

    @Test
    void closesTheConnectionOfAnUploadThatStopsSending() throws IOException {
        try (Socket socket = startUpload()) {
            socket.setSoTimeout(20_000);
            long started = System.nanoTime();

            int first = readOrEnd(socket.getInputStream());

            assertThat(first).as("the server closed the connection").isEqualTo(-1);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(WINDOW.multipliedBy(4));
        }
    }

    @Test
    void answers400NotAServerErrorToABodyThatEndsBeforeItsLength() throws IOException {
        try (Socket socket = startUpload()) {
            socket.setSoTimeout(20_000);
            socket.shutdownOutput();

            Reply reply = read(socket.getInputStream());

            assertThat(reply.status()).isEqualTo(400);
            assertThat(reply.json().get("message").asText()).contains("ended before");
            assertThat(reply.headers()).containsKey("x-request-id");
        }
    }

    @Test
    void answers503WhenAnUploadWaitsTooLongForItsTurnAndLosesNoAcceptedScan() throws Exception {
        byte[] upload = request(true, body(fields(), Archives.tarGz(Map.of("a.txt", "a"))));
        List<CompletableFuture<Reply>> blocked = new ArrayList<>();
        try (Connection lock = server.server().database().dataSource().getConnection()) {
            lock.setAutoCommit(false);
            try (PreparedStatement statement = lock.prepareStatement(
                    "UPDATE tenants SET submission_lock = submission_lock + 1 WHERE id = ?")) {
                statement.setObject(1, tenant.id());
                statement.executeUpdate();
            }
            for (int i = 0; i < 2; i++) {
                blocked.add(CompletableFuture.supplyAsync(() -> uncheckedWriteThenRead(upload), CLIENTS));
            }
            Thread.sleep(1_000);

            Reply busy = writeThenRead(upload);

            assertThat(busy.status()).isEqualTo(503);
            assertThat(busy.json().get("error").asText()).isEqualTo("SERVER_BUSY");
            assertThat(busy.headers()).containsEntry("retry-after", "1");
            lock.rollback();
        }
        for (CompletableFuture<Reply> submission : blocked) {
            Reply accepted = submission.get(20, TimeUnit.SECONDS);
            assertThat(accepted.status()).isEqualTo(201);
            UUID id = UUID.fromString(accepted.json().get("id").asText());
            assertThat(tenant.owner().getScan(id).status().wire()).isEqualTo("pending");
        }
    }

    // ---- a raw HTTP/1.1 client: writes the whole request, then reads the answer ----

    private static Map<String, String> fields() {
        return fields(project);
    }

    private static Map<String, String> fields(Project of) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("project_id", of.id().toString());
        fields.put("branch", "main");
        fields.put("commit_hash", COMMIT);
        fields.put("scan_type", "secrets");
        return fields;
    }

    private static byte[] gzipLike(int size) {
        byte[] bytes = new byte[size];
        byte[] archive = Archives.tarGz(Map.of("a.txt", "a"));
        System.arraycopy(archive, 0, bytes, 0, archive.length);
        return bytes;
    }

    private static String part(String name, String value) {
        return "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value + "\r\n";
    }

    /** A {@code files} part and the start of the next part's boundary line. */
    private static byte[] archivePart(byte[] archive) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.tar.gz\""
                + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        out.writeBytes(archive);
        out.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    /** One chunk of a chunked body, not the last. */
    private static byte[] chunk(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes((Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(bytes);
        out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    /** Sends the head of a chunked upload and {@code start} of its body, then waits (10 s at most) for an answer. */
    static Reply sendAndWait(byte[] start) throws IOException {
        try (Socket socket = connect()) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(head("Transfer-Encoding: chunked"));
            out.write(start);
            out.flush();
            return read(socket.getInputStream());
        }
    }

    private static byte[] head(String framing) {
        return head(tenant.ownerKey(), framing);
    }

    private static byte[] head(String key, String framing) {
        return ("POST /v1/scans HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + key
                + "\r\nContent-Type: multipart/form-data; boundary=" + BOUNDARY + "\r\n" + framing + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] body(Map<String, String> fields, byte[] archive) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(archive.length + 4096);
        fields.forEach((name, value) -> out.writeBytes(part(name, value).getBytes(StandardCharsets.UTF_8)));
        if (archive != null) {
            String head = "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"files\"; "
                    + "filename=\"a.tar.gz\"\r\nContent-Type: application/gzip\r\n\r\n";
            out.writeBytes(head.getBytes(StandardCharsets.UTF_8));
            out.writeBytes(archive);
            out.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
        }
        out.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    /** The request's bytes: with a Content-Length, or chunked in pieces of 64 KiB. */
    static byte[] request(boolean withLength, byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length + 4096);
        out.writeBytes(head(withLength ? "Content-Length: " + body.length : "Transfer-Encoding: chunked"));
        if (withLength) {
            out.writeBytes(body);
            return out.toByteArray();
        }
        for (int offset = 0; offset < body.length; offset += 1 << 16) {
            int length = Math.min(1 << 16, body.length - offset);
            out.writeBytes((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body, offset, length);
            out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    record Reply(int status, Map<String, String> headers, byte[] body) {
        JsonNode json() throws IOException {
            return new ObjectMapper().readTree(body);
        }
    }

    /** Writes every byte of {@code request} before reading anything, as Python's http.client does. */
    static Reply writeThenRead(byte[] request) throws IOException {
        try (Socket socket = connect()) {
            socket.setSoTimeout(60_000);
            OutputStream out = socket.getOutputStream();
            out.write(request);
            out.flush();
            return read(socket.getInputStream());
        }
    }

    private static Reply uncheckedWriteThenRead(byte[] request) {
        try {
            return writeThenRead(request);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Socket connect() throws IOException {
        return new Socket(server.server().uri().getHost(), server.server().port());
    }

    /** A chunked upload whose fields and first archive bytes are sent; the caller sends the rest, or not. */
    private static Socket startUpload() throws IOException {
        return startUpload(tenant.ownerKey(), project);
    }

    private static Socket startUpload(String key, Project of) throws IOException {
        Socket socket = connect();
        String start = String.join("", fields(of).entrySet().stream().map(f -> part(f.getKey(), f.getValue())).toList())
                + "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.tar.gz\"\r\n\r\n";
        OutputStream out = socket.getOutputStream();
        out.write(head(key, "Content-Length: " + MIB));
        out.write(start.getBytes(StandardCharsets.UTF_8));
        out.write(new byte[]{0x1f, (byte) 0x8b, 8, 0});
        out.flush();
        return socket;
    }

    /** The first byte of the answer, or -1 when the server closed (or reset) the connection. */
    private static int readOrEnd(InputStream in) throws IOException {
        try {
            return in.read();
        } catch (SocketException reset) {
            return -1;
        }
    }

    static Reply read(InputStream in) throws IOException {
        String status = line(in);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = line(in); !line.isEmpty(); line = line(in)) {
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).strip().toLowerCase(Locale.ROOT), line.substring(colon + 1).strip());
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        return new Reply(Integer.parseInt(status.split(" ")[1]), headers, in.readNBytes(length));
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("the connection ended inside the response head");
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.US_ASCII);
    }
}
