package dev.vigil.server.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A raw {@code java.net.http} client for timing: one keep-alive HTTP/1.1 connection, the body read as
 * bytes and never parsed, so that a figure is the server's time plus the loopback, not the typed client's
 * JSON binding.
 */
final class HttpProbe implements AutoCloseable {

    /** One answer: its bytes and how long it took from sending the request to its last byte. */
    record Answer(byte[] body, long nanos) {
    }

    /** A streamed answer read to its end: its size, its line feeds, the time from sending to the last byte. */
    record Drained(long bytes, long lineFeeds, long nanos) {
    }

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private final URI base;
    private final String apiKey;

    HttpProbe(URI base, String apiKey) {
        this.base = base;
        this.apiKey = apiKey;
    }

    /** GETs {@code pathAndQuery}; anything but 200 is an error of the benchmark. */
    Answer get(String pathAndQuery) {
        long start = System.nanoTime();
        HttpResponse<byte[]> response = send(pathAndQuery, HttpResponse.BodyHandlers.ofByteArray());
        long nanos = System.nanoTime() - start;
        requireOk(pathAndQuery, response.statusCode(), response.body());
        return new Answer(response.body(), nanos);
    }

    /** GETs {@code pathAndQuery} and reads the streamed body to its end without keeping it. */
    Drained drain(String pathAndQuery) {
        long start = System.nanoTime();
        HttpResponse<InputStream> response = send(pathAndQuery, HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream in = response.body()) {
            if (response.statusCode() != 200) {
                requireOk(pathAndQuery, response.statusCode(), in.readNBytes(500));
            }
            byte[] buffer = new byte[1 << 16];
            long bytes = 0;
            long lineFeeds = 0;
            for (int n; (n = in.read(buffer)) >= 0; bytes += n) {
                for (int i = 0; i < n; i++) {
                    lineFeeds += buffer[i] == '\n' ? 1 : 0;
                }
            }
            return new Drained(bytes, lineFeeds, System.nanoTime() - start);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private <T> HttpResponse<T> send(String pathAndQuery, HttpResponse.BodyHandler<T> handler) {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(pathAndQuery)).timeout(Duration.ofMinutes(5))
                .header("Authorization", "Bearer " + apiKey).GET().build();
        try {
            return http.send(request, handler);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static void requireOk(String path, int status, byte[] body) {
        if (status != 200) {
            throw new IllegalStateException("GET " + path + " answered " + status + ": "
                    + new String(body, 0, Math.min(body.length, 500), StandardCharsets.UTF_8));
        }
    }

    @Override
    public void close() {
        http.close();
    }
}
