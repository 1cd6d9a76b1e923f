package dev.vigil.server.pr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.vigil.model.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real HTTP server on loopback standing in for the GitHub and GitLab REST APIs: it keeps the comments
 * (notes) of each pull (merge) request, checks the token, records every request, and can be told to answer
 * the next requests with an error status, or to hold the next request until the test lets it through.
 */
final class FakeScm implements AutoCloseable {

    /** A request as received. */
    record Recorded(String method, String rawPath, String query, Map<String, List<String>> headers, String body) {

        String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().getFirst()).findFirst().orElse(null);
        }

        String commentBody() {
            try {
                return Json.mapper().readTree(body).path("body").asText();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static final Pattern GH_LIST = Pattern.compile("/repos/([^/]+/[^/]+)/issues/(\\d+)/comments");
    private static final Pattern GH_EDIT = Pattern.compile("/repos/([^/]+/[^/]+)/issues/comments/(\\d+)");
    private static final Pattern GL_NOTES = Pattern.compile("/api/v4/projects/([^/]+)/merge_requests/(\\d+)/notes");
    private static final Pattern GL_NOTE = Pattern.compile("/api/v4/projects/([^/]+)/merge_requests/(\\d+)/notes/(\\d+)");
    private static final Pattern GL_MR = Pattern.compile("/api/v4/projects/([^/]+)/merge_requests/(\\d+)");

    private final HttpServer http;
    private final String token;
    private final List<Recorded> requests = new ArrayList<>();
    private final Deque<Integer> failures = new ArrayDeque<>();
    private final Map<String, Map<Long, String>> threads = new LinkedHashMap<>();
    private final AtomicLong ids = new AtomicLong(1000);
    private Hold hold;

    /** A request held on its way in: a provider slow to answer. */
    static final class Hold {

        private final CountDownLatch arrived = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);

        /** Waits until the held request has come. */
        void awaitArrival() throws InterruptedException {
            if (!arrived.await(30, TimeUnit.SECONDS)) {
                throw new AssertionError("no request came to be held");
            }
        }

        /** Lets the held request (or the next, if none has come) through. */
        void release() {
            released.countDown();
        }

        private void holdHere() throws InterruptedException {
            arrived.countDown();
            released.await();
        }
    }

    FakeScm(String token) {
        this.token = token;
        try {
            http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        http.createContext("/", this::handle);
        http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());   // a held request holds back no other
        http.start();
    }

    /** {@code 127.0.0.1:port}, for the server's outbound allow-list. */
    String authority() {
        return "127.0.0.1:" + http.getAddress().getPort();
    }

    String githubUrl() {
        return "http://127.0.0.1:" + http.getAddress().getPort();
    }

    String gitlabUrl() {
        return "http://127.0.0.1:" + http.getAddress().getPort() + "/api/v4";
    }

    /** The next requests (one status each) fail with these statuses. */
    synchronized void failNext(int... statuses) {
        for (int status : statuses) {
            failures.add(status);
        }
    }

    /** Holds the next request until the returned hold is released. */
    synchronized Hold holdNext() {
        hold = new Hold();
        return hold;
    }

    synchronized List<Recorded> requests() {
        return List.copyOf(requests);
    }

    synchronized List<Recorded> writes() {
        return requests.stream().filter(r -> !r.method().equals("GET")).toList();
    }

    /** The comments of a pull request ({@code owner/name#n}, or the encoded GitLab project {@code id!iid}). */
    synchronized Map<Long, String> comments(String thread) {
        return Map.copyOf(threads.getOrDefault(thread, Map.of()));
    }

    private void handle(HttpExchange exchange) throws IOException {
        Hold held = takeHold();
        if (held != null) {
            try {
                held.holdHere();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String path = exchange.getRequestURI().getRawPath();
        String method = exchange.getRequestMethod();
        Answer answer;
        synchronized (this) {
            requests.add(new Recorded(method, path, exchange.getRequestURI().getRawQuery(),
                    Map.copyOf(exchange.getRequestHeaders()), body));
            answer = answer(exchange, method, path, body);
        }
        byte[] bytes = answer.body().toString().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(answer.status(), bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    private synchronized Hold takeHold() {
        Hold held = hold;
        hold = null;
        return held;
    }

    private record Answer(int status, JsonNode body) {
    }

    private Answer answer(HttpExchange exchange, String method, String path, String body) throws IOException {
        if (!failures.isEmpty()) {
            int status = failures.poll();
            return error(status, "simulated outage");
        }
        boolean gitlab = path.startsWith("/api/v4/");
        String presented = gitlab ? exchange.getRequestHeaders().getFirst("PRIVATE-TOKEN")
                : exchange.getRequestHeaders().getFirst("Authorization");
        if (presented == null || !presented.equals(gitlab ? token : "Bearer " + token)) {
            return error(401, gitlab ? "401 Unauthorized" : "Bad credentials");
        }
        Matcher m;
        if ((m = GH_LIST.matcher(path)).matches()) {
            return comments(m.group(1) + "#" + m.group(2), method, body, "https://github.example/" + m.group(1)
                    + "/pull/" + m.group(2) + "#issuecomment-");
        }
        if ((m = GH_EDIT.matcher(path)).matches() && method.equals("PATCH")) {
            return edit(m.group(1), Long.parseLong(m.group(2)), body, "https://github.example/" + m.group(1)
                    + "/pull/x#issuecomment-");
        }
        if ((m = GL_NOTE.matcher(path)).matches() && method.equals("PUT")) {
            return edit(m.group(1) + "!" + m.group(2), Long.parseLong(m.group(3)), body, "");
        }
        if ((m = GL_NOTES.matcher(path)).matches()) {
            return comments(m.group(1) + "!" + m.group(2), method, body, "");
        }
        if ((m = GL_MR.matcher(path)).matches() && method.equals("GET")) {
            return new Answer(200, JsonNodeFactory.instance.objectNode().put("iid", Integer.parseInt(m.group(2)))
                    .put("web_url", "https://gitlab.example/mr/" + m.group(2)));
        }
        return error(404, "Not Found");
    }

    private Answer comments(String thread, String method, String body, String htmlPrefix) throws IOException {
        Map<Long, String> comments = threads.computeIfAbsent(thread, t -> new LinkedHashMap<>());
        if (method.equals("GET")) {
            ArrayNode list = JsonNodeFactory.instance.arrayNode();
            comments.forEach((id, text) -> list.addObject().put("id", id).put("body", text));
            return new Answer(200, list);
        }
        if (method.equals("POST")) {
            long id = ids.incrementAndGet();
            comments.put(id, Json.mapper().readTree(body).path("body").asText());
            return new Answer(201, comment(id, comments.get(id), htmlPrefix));
        }
        return error(405, "Method Not Allowed");
    }

    private Answer edit(String thread, long id, String body, String htmlPrefix) throws IOException {
        Map<Long, String> comments = threads.entrySet().stream().filter(e -> e.getKey().startsWith(thread))
                .map(Map.Entry::getValue).filter(c -> c.containsKey(id)).findFirst().orElse(null);
        if (comments == null) {
            return error(404, "Not Found");
        }
        comments.put(id, Json.mapper().readTree(body).path("body").asText());
        return new Answer(200, comment(id, comments.get(id), htmlPrefix));
    }

    private static ObjectNode comment(long id, String body, String htmlPrefix) {
        ObjectNode node = JsonNodeFactory.instance.objectNode().put("id", id).put("body", body);
        if (!htmlPrefix.isEmpty()) {
            node.put("html_url", htmlPrefix + id);
        }
        return node;
    }

    private static Answer error(int status, String message) {
        return new Answer(status, JsonNodeFactory.instance.objectNode().put("message", message));
    }

    @Override
    public void close() {
        http.stop(0);
    }
}
