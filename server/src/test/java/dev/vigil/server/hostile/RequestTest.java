package dev.vigil.server.hostile;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.model.Json;
import dev.vigil.server.http.Uuids;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Malformed and misdirected requests, sent byte for byte over a socket: whatever is wrong, the answer is a
 * 4xx with the specification's {@code {error, message}} body and an {@code X-Request-ID}.
 */
@VigilServerTest
class RequestTest {

    private static TestServer server;
    private static String key;

    @BeforeAll
    static void start() {
        key = server.tenant().ownerKey();
    }

    /** A raw request: its request line, headers and body exactly as sent. */
    record Raw(String name, String requestLine, List<String> headers, String body) {

        @Override
        public String toString() {
            return name;
        }

        byte[] bytes() {
            StringBuilder text = new StringBuilder(requestLine).append("\r\n");
            headers.forEach(h -> text.append(h).append("\r\n"));
            text.append("Host: localhost\r\nConnection: close\r\n");
            if (!body.isEmpty()) {
                text.append("Content-Length: ").append(body.getBytes(StandardCharsets.UTF_8).length).append("\r\n");
            }
            return text.append("\r\n").append(body).toString().getBytes(StandardCharsets.UTF_8);
        }
    }

    private static Raw get(String name, String target) {
        return new Raw(name, "GET " + target + " HTTP/1.1", List.of(auth()), "");
    }

    private static String auth() {
        return "Authorization: Bearer " + key;
    }

    static Stream<Raw> malformed() {
        String multipart = "Content-Type: multipart/form-data; boundary=b";
        return Stream.of(
                new Raw("multipart without a boundary", "POST /v1/scans HTTP/1.1",
                        List.of(auth(), "Content-Type: multipart/form-data"), "--b\r\n\r\nx\r\n--b--\r\n"),
                new Raw("truncated part header", "POST /v1/scans HTTP/1.1", List.of(auth(), multipart),
                        "--b\r\nContent-Disposition: form-da"),
                new Raw("archive part that the body ends inside", "POST /v1/scans HTTP/1.1", List.of(auth(), multipart),
                        "--b\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.tar.gz\"\r\n\r\nab"),
                new Raw("Content-Disposition without a type", "POST /v1/scans HTTP/1.1", List.of(auth(), multipart),
                        "--b\r\nContent-Disposition: form-dae=\"branch\"\r\n\r\nmain\r\n--b--\r\n"),
                get("search ending in a lone %", "/v1/repo-vulnerabilities?search=abc%"),
                get("limit with a broken escape", "/v1/repo-vulnerabilities?limit=1%2"),
                get("limit that is a lone %", "/v1/scans?limit=%"),
                new Raw("truncated field", "POST /v1/scans HTTP/1.1", List.of(auth(), multipart),
                        "--b\r\nContent-Disposition: form-data; name=\"branch\"\r\n\r\nmai"),
                new Raw("malformed content type", "POST /v1/projects HTTP/1.1",
                        List.of(auth(), "Content-Type: ;;;=/"), "{}"),
                new Raw("content length that is not a number", "POST /v1/projects HTTP/1.1",
                        List.of(auth(), "Content-Type: application/json", "Content-Length: lots"), ""),
                new Raw("20 KiB header", "GET /v1/scans HTTP/1.1", List.of(auth(), "X-Big: " + "a".repeat(20 * 1024)),
                        ""),
                get("5 KiB request line", "/v1/scans?cursor=" + "a".repeat(5 * 1024)),
                new Raw("bad HTTP version", "GET /v1/scans HTTP/9.9", List.of(auth()), ""),
                new Raw("no HTTP version", "GET /v1/scans", List.of(auth()), ""),
                get("% in the path", "/v1/scans/%zz"),
                get("lone % at the end of the path", "/v1/scans/abc%"),
                new Raw("wrong method on a known path", "DELETE /v1/scans HTTP/1.1", List.of(auth()), ""),
                new Raw("invented method", "BREW /v1/scans HTTP/1.1", List.of(auth()), ""),
                get("unknown path", "/v1/teapots"),
                new Raw("header line without a colon", "GET /v1/scans HTTP/1.1", List.of(auth(), "Garbage"), ""),
                new Raw("negative content length", "POST /v1/projects HTTP/1.1",
                        List.of(auth(), "Content-Type: application/json", "Content-Length: -1"), ""),
                new Raw("broken chunk size, with a Content-Length too", "POST /v1/projects HTTP/1.1",
                        List.of(auth(), "Content-Type: application/json", "Transfer-Encoding: chunked"),
                        "zz\r\n{}\r\n0\r\n\r\n"),
                new Raw("truncated JSON", "POST /v1/projects HTTP/1.1",
                        List.of(auth(), "Content-Type: application/json"), "{\"name\":"),
                get("NUL in the path", "/v1/scans/%00"),
                get("NUL in a filter", "/v1/repo-vulnerabilities?severity[]=%00"),
                get("cursor that is not UTF-8", "/v1/scans?cursor=%ff%fe"),
                new Raw("request id that is not a UUID", "GET /v1/nothing HTTP/1.1",
                        List.of(auth(), "X-Request-ID: ../../etc"), ""),
                new Raw("anonymous", "GET /v1/scans HTTP/1.1", List.of(), ""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void answersWithAClientErrorInTheErrorShapeWithARequestId(Raw request) throws IOException {
        Answer answer = send(request);

        assertThat(answer.status()).as(answer.toString()).isBetween(400, 499);
        assertThat(answer.header("content-type")).as(answer.toString()).startsWith("application/json");
        JsonNode body = Json.mapper().readTree(answer.body());
        assertThat(body.path("error").isTextual()).as(answer.toString()).isTrue();
        assertThat(body.path("message").isTextual()).as(answer.toString()).isTrue();
        assertThat(Uuids.parse(answer.header("x-request-id"))).as(answer.toString()).isPresent();
    }

    @Test
    void noRequestInTheTableIsAnsweredWithAServerError() throws IOException {
        List<String> serverErrors = new ArrayList<>();
        for (Raw request : malformed().toList()) {
            Answer answer = send(request);
            if (answer.status() >= 500) {
                serverErrors.add(request.name() + ": " + answer);
            }
        }

        assertThat(serverErrors).isEmpty();
    }

    @Test
    void aWrongMethodOnAKnownPathIs405WithAllow() throws IOException {
        Answer answer = send(new Raw("delete findings", "DELETE /v1/repo-vulnerabilities/export HTTP/1.1",
                List.of(auth()), ""));

        assertThat(answer.status()).isEqualTo(405);
        assertThat(answer.header("allow")).isEqualTo("GET");
        assertThat(Json.mapper().readTree(answer.body()).path("error").asText()).isEqualTo("METHOD_NOT_ALLOWED");
    }

    @Test
    void anonymousRequestsWithInventedMethodsAndPathsAddNoMetricsSeries() throws IOException {
        send(new Raw("first of its kind", "BREW /v1/first HTTP/1.1", List.of(), ""));
        String before = send(get("metrics", "/metrics")).body();

        for (int i = 0; i < 20; i++) {
            send(new Raw("invented", "M" + i + " /v1/x" + i + " HTTP/1.1", List.of(), ""));
        }
        String after = send(get("metrics", "/metrics")).body();

        assertThat(series(after)).isEqualTo(series(before));
        assertThat(after).doesNotContain("M1", "/v1/x1");
    }

    /**
     * The label sets of the HTTP latency histogram's series, less those of /metrics itself (a request's own
     * series is recorded after its answer, so it may show only in the next).
     */
    private static List<String> series(String metrics) {
        return metrics.lines().filter(l -> l.startsWith("vigil_http_request_duration_seconds_count"))
                .filter(l -> !l.contains("route=\"/metrics\""))
                .map(l -> l.substring(0, l.lastIndexOf(' '))).sorted().toList();
    }

    record Answer(int status, Map<String, String> headers, String body) {

        String header(String name) {
            return headers.getOrDefault(name, "");
        }

        @Override
        public String toString() {
            return status + " " + headers + " " + body;
        }
    }

    private static Answer send(Raw request) throws IOException {
        try (Socket socket = new Socket(server.server().uri().getHost(), server.server().port())) {
            socket.setSoTimeout(20_000);
            OutputStream out = socket.getOutputStream();
            try {
                out.write(request.bytes());
                out.flush();
            } catch (SocketException e) {
                // the server may answer and close before it has read the whole request
            }
            return read(new BufferedInputStream(socket.getInputStream()));
        }
    }

    /** One answer: the head up to the blank line, then a body of Content-Length bytes or in chunks. */
    private static Answer read(InputStream in) throws IOException {
        String statusLine = line(in);
        assertThat(statusLine).as("an answer").startsWith("HTTP/1.1 ");
        Map<String, String> headers = new LinkedHashMap<>();
        for (String header = line(in); !header.isEmpty(); header = line(in)) {
            int colon = header.indexOf(':');
            headers.put(header.substring(0, colon).strip().toLowerCase(Locale.ROOT),
                    header.substring(colon + 1).strip());
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (headers.getOrDefault("transfer-encoding", "").equals("chunked")) {
            for (int size = Integer.parseInt(line(in), 16); size > 0; size = Integer.parseInt(line(in), 16)) {
                body.write(in.readNBytes(size));
                line(in);
            }
        } else {
            body.write(in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0"))));
        }
        return new Answer(Integer.parseInt(statusLine.split(" ")[1]), headers, body.toString(StandardCharsets.UTF_8));
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                break;
            }
            line.append((char) c);
        }
        return line.toString().strip();
    }
}
