package dev.vigil.server.bench;

import dev.vigil.server.pipeline.ScanStage;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stage times of a node's scans as {@code /metrics} reports them ({@code vigil_scan_stage_seconds}, a
 * histogram by stage): read before and after a scan, the difference of the sums is that scan's time per stage.
 */
final class StageReadings {

    private static final Pattern SUM = Pattern.compile(
            "^vigil_scan_stage_seconds_(sum|count)\\{stage=\"([a-z]+)\"} (\\S+)$", Pattern.MULTILINE);

    /** Seconds and counts by stage at one moment. */
    record Reading(Map<ScanStage, Double> seconds, Map<ScanStage, Long> counts) {

        /** What happened between {@code before} and this reading, in seconds by stage. */
        Map<ScanStage, Double> since(Reading before) {
            Map<ScanStage, Double> spent = new EnumMap<>(ScanStage.class);
            seconds.forEach((stage, s) -> spent.put(stage, s - before.seconds.getOrDefault(stage, 0.0)));
            return spent;
        }

        long count(ScanStage stage) {
            return counts.getOrDefault(stage, 0L);
        }
    }

    private final HttpClient http = HttpClient.newHttpClient();
    private final URI metrics;

    StageReadings(URI server) {
        this.metrics = server.resolve("/metrics");
    }

    Reading read() {
        try {
            String text = http.send(HttpRequest.newBuilder(metrics).GET().build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            Map<ScanStage, Double> seconds = new EnumMap<>(ScanStage.class);
            Map<ScanStage, Long> counts = new EnumMap<>(ScanStage.class);
            Matcher m = SUM.matcher(text);
            while (m.find()) {
                ScanStage stage = ScanStage.valueOf(m.group(2).toUpperCase(Locale.ROOT));
                if (m.group(1).equals("sum")) {
                    seconds.put(stage, Double.parseDouble(m.group(3)));
                } else {
                    counts.put(stage, (long) Double.parseDouble(m.group(3)));
                }
            }
            return new Reading(seconds, counts);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + metrics, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** The next reading in which {@code stage} has been counted more than {@code before}: a scan's stages are
     * reported just after its commit, which a client may see first. */
    Reading after(Reading before, ScanStage stage) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (true) {
            Reading now = read();
            if (now.count(stage) > before.count(stage) || System.nanoTime() > deadline) {
                return now;
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }
}
