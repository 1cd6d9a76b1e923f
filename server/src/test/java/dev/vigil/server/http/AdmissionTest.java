package dev.vigil.server.http;

import io.helidon.http.Method;
import io.helidon.webserver.WebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static dev.vigil.server.testing.Eventually.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/** {@link Admission} in a real Helidon server on a loopback port, with one request slot. */
class AdmissionTest {

    private final CountDownLatch entered = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final HttpClient http = HttpClient.newHttpClient();
    /** The waits the filter reported, in seconds. */
    private final List<Double> waits = new CopyOnWriteArrayList<>();
    private Admission admission;
    private WebServer web;

    @AfterEach
    void stop() {
        release.countDown();
        if (web != null) {
            web.stop();
        }
    }

    @Test
    void aRequestThatFindsTheSlotTakenWaitsUntilItIsFree() throws Exception {
        start(Duration.ofSeconds(30));
        CompletableFuture<HttpResponse<String>> slow = send("/v1/slow");
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();

        CompletableFuture<HttpResponse<String>> fast = send("/v1/fast");
        assertThat(eventually(admission::waiting, n -> n > 0, "the second request waiting"))
                .as("the second request waits for the slot").isEqualTo(1);
        long queued = System.nanoTime();
        Thread.sleep(300);
        assertThat(fast).as("still waiting for the slot").isNotDone();
        double held = (System.nanoTime() - queued) / 1e9;
        release.countDown();

        assertThat(slow.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
        HttpResponse<String> admitted = fast.get(10, TimeUnit.SECONDS);
        assertThat(admitted.statusCode()).isEqualTo(200);
        assertThat(admitted.body()).isEqualTo("fast");
        assertThat(waits).hasSize(2);
        assertThat(waits.get(0)).as("the first found the slot free").isLessThan(held);
        assertThat(waits.get(1)).as("the second waited at least while the first held the slot")
                .isGreaterThanOrEqualTo(held);
    }

    @Test
    void aRequestThatWaitsLongerThanThePatienceIsAnswered503WithRetryAfter() throws Exception {
        start(Duration.ofMillis(200));
        CompletableFuture<HttpResponse<String>> slow = send("/v1/slow");
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();

        HttpResponse<String> busy = send("/v1/fast").get(10, TimeUnit.SECONDS);
        HttpResponse<String> health = send("/health").get(10, TimeUnit.SECONDS);
        release.countDown();

        assertThat(busy.statusCode()).isEqualTo(503);
        assertThat(busy.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(busy.headers().firstValue("X-Request-ID")).isPresent();
        assertThat(busy.body()).contains("\"error\":\"SERVER_BUSY\"").contains("\"message\":\"the server is busy");
        assertThat(health.statusCode()).as("outside /v1: never waits").isEqualTo(200);
        assertThat(slow.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
        assertThat(send("/v1/fast").get(10, TimeUnit.SECONDS).statusCode()).as("the slot is free again").isEqualTo(200);
        assertThat(waits).as("slow, busy, fast again; /health never waits").hasSize(3);
        assertThat(waits.get(1)).as("the refused one waited its patience").isGreaterThanOrEqualTo(0.2);
    }

    @Test
    void uploadsAndExportsDoNotWaitForASlot() {
        assertThat(Admission.waitsItsTurn(Method.POST, "/v1/scans")).isFalse();
        assertThat(Admission.waitsItsTurn(Method.GET, "/v1/repo-vulnerabilities/export")).isFalse();
        assertThat(Admission.waitsItsTurn(Method.GET, "/health")).isFalse();
        assertThat(Admission.waitsItsTurn(Method.GET, "/v1/scans")).isTrue();
        assertThat(Admission.waitsItsTurn(Method.GET, "/v1/repo-vulnerabilities")).isTrue();
        assertThat(Admission.waitsItsTurn(Method.POST, "/v1/repo-vulnerabilities/bulk")).isTrue();
    }

    private void start(Duration patience) {
        admission = new Admission(1, patience, waits::add);
        web = WebServer.builder().host("127.0.0.1").port(0)
                .routing(routing -> routing
                        .addFilter(new RequestIds())
                        .addFilter(admission)
                        .get("/v1/slow", (request, response) -> {
                            entered.countDown();
                            release.await(30, TimeUnit.SECONDS);
                            response.send("slow");
                        })
                        .get("/v1/fast", (request, response) -> response.send("fast"))
                        .get("/health", (request, response) -> response.send("up")))
                .build().start();
    }

    private CompletableFuture<HttpResponse<String>> send(String path) {
        URI uri = URI.create("http://127.0.0.1:" + web.port() + path);
        return http.sendAsync(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    }
}
