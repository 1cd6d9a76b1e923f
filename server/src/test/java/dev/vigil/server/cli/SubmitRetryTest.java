package dev.vigil.server.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.vigil.model.Json;
import dev.vigil.model.PrComment;
import dev.vigil.model.Scan;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanSummary;
import dev.vigil.model.ScanType;
import dev.vigil.server.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code vigil submit} against a stand-in server that answers 429 (with Retry-After) and 503 before accepting. */
class SubmitRetryTest {

    @TempDir
    Path dir;

    @Test
    void shouldRetryRateLimitsAndOutagesWithTheSameIdempotencyKey() throws IOException {
        UUID scanId = UUID.randomUUID();
        UUID project = UUID.randomUUID();
        List<String> keys = new CopyOnWriteArrayList<>();
        AtomicInteger posts = new AtomicInteger();
        AtomicInteger polls = new AtomicInteger();
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.createContext("/v1/scans", exchange -> {
            exchange.getRequestBody().readAllBytes();
            if (exchange.getRequestMethod().equals("POST")) {
                keys.add(exchange.getRequestHeaders().getFirst("Idempotency-Key"));
                switch (posts.incrementAndGet()) {
                    case 1 -> {
                        exchange.getResponseHeaders().add("Retry-After", "1");
                        send(exchange, 429, "{\"error\":\"RATE_LIMITED\",\"message\":\"50 scans per hour\"}");
                    }
                    case 2 -> send(exchange, 503, "{\"error\":\"UNAVAILABLE\",\"message\":\"restarting\"}");
                    default -> send(exchange, 201, Json.mapper().writeValueAsString(new Scan(scanId,
                            ScanStatus.PENDING, project, "main", "f".repeat(40), ScanType.SECRETS, Instant.now())));
                }
            } else {
                ScanStatus status = polls.incrementAndGet() < 2 ? ScanStatus.RUNNING : ScanStatus.COMPLETED;
                send(exchange, 200, Json.mapper().writeValueAsString(new ScanDetail(scanId, project, "p", "main",
                        "f".repeat(40), ScanType.SECRETS, status, 0, 0, 0, false, Instant.now(), null, null, null,
                        List.of(), null, new ScanSummary(0, 0, 0, 0, 0, null, null, null),
                        new PrComment("not_requested", null, null), null, null)));
            }
        });
        http.start();
        try {
            Files.writeString(dir.resolve("a.txt"), "a\n");
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int exit = Main.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(
                    "submit", "--server", "http://127.0.0.1:" + http.getAddress().getPort(), "--api-key",
                    "vgl_live_secretkeyvalue", "--project", project.toString(), "--dir", dir.toString(),
                    "--branch", "main", "--commit", "f".repeat(40), "--scan-type", "secrets");

            assertThat(exit).as(err.toString()).isZero();
            assertThat(posts.get()).isEqualTo(3);
            assertThat(keys).hasSize(3).doesNotContainNull().containsOnly(keys.getFirst());
            assertThat(err.toString()).contains("429").contains("retrying in 1 s").contains("503")
                    .contains("scan running").contains("scan completed").doesNotContain("secretkeyvalue");
            assertThat(out.toString()).contains("not blocked").doesNotContain("secretkeyvalue");
        } finally {
            http.stop(0);
        }
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }
}
