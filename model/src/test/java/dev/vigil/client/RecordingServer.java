package dev.vigil.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.vigil.model.Json;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A real HTTP server on a loopback port that records every request and answers with canned answers in
 * order (then with the fallback answer, by default a 500 saying none was left).
 */
final class RecordingServer implements AutoCloseable {

    record Recorded(String method, String path, String rawQuery, Map<String, List<String>> headers, byte[] body) {

        String header(String name) {
            List<String> values = headers.get(name);
            return values == null ? null : String.join(",", values);
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        JsonNode json() {
            try {
                return Json.mapper().readTree(body);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    record Answer(int status, Map<String, String> headers, byte[] body) {
    }

    private final HttpServer server;
    private final List<Recorded> requests = new CopyOnWriteArrayList<>();
    private final Queue<Answer> answers = new ConcurrentLinkedQueue<>();
    private volatile Duration delay = Duration.ZERO;
    private volatile Answer fallback = json(500, "{\"error\":\"NO_ANSWER\",\"message\":\"no canned answer left\"}");

    private RecordingServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    static RecordingServer start() {
        try {
            return new RecordingServer();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    static Answer json(int status, String body) {
        return new Answer(status, Map.of("Content-Type", "application/json"), body.getBytes(StandardCharsets.UTF_8));
    }

    RecordingServer answer(int status, String jsonBody) {
        return answer(json(status, jsonBody));
    }

    RecordingServer answer(Answer answer) {
        answers.add(answer);
        return this;
    }

    RecordingServer answerAlways(Answer answer) {
        fallback = answer;
        return this;
    }

    /** Waits this long before answering each request. */
    RecordingServer delayAnswers(Duration value) {
        delay = value;
        return this;
    }

    List<Recorded> requests() {
        return List.copyOf(requests);
    }

    /** The only request received. */
    Recorded single() {
        if (requests.size() != 1) {
            throw new AssertionError("expected one request, got " + requests.size() + ": " + requests);
        }
        return requests.getFirst();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange; InputStream in = exchange.getRequestBody()) {
            URI uri = exchange.getRequestURI();
            requests.add(new Recorded(exchange.getRequestMethod(), uri.getRawPath(), uri.getRawQuery(),
                    copy(exchange.getRequestHeaders()), in.readAllBytes()));
            Answer answer = answers.isEmpty() ? fallback : answers.remove();
            pause();
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("X-Request-ID", UUID.randomUUID().toString());
            headers.putAll(answer.headers());
            headers.forEach(exchange.getResponseHeaders()::set);
            exchange.sendResponseHeaders(answer.status(), answer.body().length == 0 ? -1 : answer.body().length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer.body());
            }
        }
    }

    private void pause() {
        try {
            Thread.sleep(delay);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Map<String, List<String>> copy(Headers headers) {
        Map<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach((name, values) -> copy.put(name, new ArrayList<>(values)));
        return copy;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
