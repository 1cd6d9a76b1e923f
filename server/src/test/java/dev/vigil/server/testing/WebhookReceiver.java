package dev.vigil.server.testing;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * A webhook receiver on loopback: records every request by path, and answers each path with the statuses
 * queued for it, then with its default (200 unless set).
 */
public final class WebhookReceiver implements AutoCloseable {

    /** A request as received: its headers (lower-case names) and raw body. */
    public record Received(String path, Map<String, String> headers, byte[] body) {

        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private final HttpServer server;
    private final Map<String, List<Received>> received = new ConcurrentHashMap<>();
    private final Map<String, Deque<Integer>> queued = new ConcurrentHashMap<>();
    private final Map<String, Integer> defaults = new ConcurrentHashMap<>();

    public WebhookReceiver() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            byte[] body = exchange.getRequestBody().readAllBytes();
            Map<String, String> headers = new HashMap<>();
            exchange.getRequestHeaders().forEach((name, values) ->
                    headers.put(name.toLowerCase(Locale.ROOT), String.join(",", values)));
            synchronized (this) {
                received.computeIfAbsent(path, p -> new ArrayList<>()).add(new Received(path, headers, body));
            }
            Integer next = queued.getOrDefault(path, new ArrayDeque<>()).poll();
            int status = next != null ? next : defaults.getOrDefault(path, 200);
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
    }

    public String authority() {
        return "127.0.0.1:" + server.getAddress().getPort();
    }

    /** A fresh path's URL on this receiver. */
    public String url(String path) {
        return "http://" + authority() + path;
    }

    /** The next answers to {@code path}, in order. */
    public void answer(String path, int... statuses) {
        Deque<Integer> queue = queued.computeIfAbsent(path, p -> new ConcurrentLinkedDeque<>());
        for (int status : statuses) {
            queue.add(status);
        }
    }

    public void answerAlways(String path, int status) {
        defaults.put(path, status);
    }

    public synchronized List<Received> received(String path) {
        return List.copyOf(received.getOrDefault(path, List.of()));
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
