package dev.vigil.server.ops;

import dev.vigil.server.http.Routes;
import dev.vigil.server.pipeline.ScanMetrics;
import dev.vigil.server.pipeline.ScanStage;
import io.helidon.http.Method;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * In-process histograms of HTTP latency, of API requests' waits for their turn, and of scan duration, written
 * in the Prometheus text format.
 */
public final class Metrics implements Filter, ScanMetrics {

    private static final double[] BUCKETS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300};

    /** The methods labelled by name; any other token a client sends is {@value #OTHER}. */
    private static final Set<Method> KNOWN_METHODS = Set.of(Method.GET, Method.HEAD, Method.POST, Method.PUT,
            Method.DELETE, Method.PATCH, Method.OPTIONS, Method.TRACE, Method.CONNECT);
    private static final String OTHER = "other";

    private final Routes routes;
    private final Map<String, Histogram> http = new ConcurrentHashMap<>();
    private final Histogram waits = new Histogram();
    private final Histogram scans = new Histogram();
    private final Map<ScanStage, Histogram> stages = new EnumMap<>(ScanStage.class);

    /** Labels come from closed sets: the known methods and the route templates, each or {@value #OTHER}. */
    public Metrics(Routes routes) {
        this.routes = routes;
        for (ScanStage stage : ScanStage.values()) {
            stages.put(stage, new Histogram());
        }
    }

    @Override
    public void filter(FilterChain chain, RoutingRequest request, RoutingResponse response) {
        long start = System.nanoTime();
        // read before routing, which leaves the path relative to the service that took it
        String route = routes.template(request.path().path()).orElse(OTHER);
        try {
            chain.proceed();
        } finally {
            String labels = "method=\"" + method(request.prologue().method()) + "\",route=\"" + route + "\",status=\""
                    + response.status().code() + "\"";
            http.computeIfAbsent(labels, k -> new Histogram()).observe((System.nanoTime() - start) / 1e9);
        }
    }

    private static String method(Method method) {
        return KNOWN_METHODS.contains(method) ? method.text() : OTHER;
    }

    /** An API request waited {@code seconds} for its turn ({@link dev.vigil.server.http.Admission}). */
    public void requestWaited(double seconds) {
        waits.observe(seconds);
    }

    @Override
    public void scanFinished(double seconds) {
        scans.observe(seconds);
    }

    @Override
    public void stageTook(ScanStage stage, double seconds) {
        stages.get(stage).observe(seconds);
    }

    /** The histograms as Prometheus text. */
    public void write(StringBuilder out) {
        out.append("# HELP vigil_http_request_duration_seconds HTTP request latency\n")
                .append("# TYPE vigil_http_request_duration_seconds histogram\n");
        http.forEach((labels, h) -> h.write(out, "vigil_http_request_duration_seconds", labels));
        out.append("# HELP vigil_request_wait_seconds Time an API request waited for its turn before it ran\n")
                .append("# TYPE vigil_request_wait_seconds histogram\n");
        waits.write(out, "vigil_request_wait_seconds", "");
        out.append("# HELP vigil_scan_duration_seconds Time from claiming a scan to its end\n")
                .append("# TYPE vigil_scan_duration_seconds histogram\n");
        scans.write(out, "vigil_scan_duration_seconds", "");
        out.append("# HELP vigil_scan_stage_seconds Time a scan spent in each stage, submission to commit\n")
                .append("# TYPE vigil_scan_stage_seconds histogram\n");
        stages.forEach((stage, h) -> h.write(out, "vigil_scan_stage_seconds", "stage=\"" + stage.label() + "\""));
    }

    private static final class Histogram {
        private final LongAdder[] counts = new LongAdder[BUCKETS.length];
        private final LongAdder total = new LongAdder();
        private final DoubleAdder sum = new DoubleAdder();

        Histogram() {
            for (int i = 0; i < counts.length; i++) {
                counts[i] = new LongAdder();
            }
        }

        void observe(double seconds) {
            for (int i = 0; i < BUCKETS.length; i++) {
                if (seconds <= BUCKETS[i]) {
                    counts[i].increment();
                }
            }
            total.increment();
            sum.add(seconds);
        }

        void write(StringBuilder out, String name, String labels) {
            String prefix = labels.isEmpty() ? "" : labels + ",";
            for (int i = 0; i < BUCKETS.length; i++) {
                out.append(name).append("_bucket{").append(prefix).append("le=\"")
                        .append(String.format(Locale.ROOT, "%s", BUCKETS[i])).append("\"} ").append(counts[i].sum()).append('\n');
            }
            out.append(name).append("_bucket{").append(prefix).append("le=\"+Inf\"} ").append(total.sum()).append('\n');
            String braces = labels.isEmpty() ? "" : "{" + labels + "}";
            out.append(name).append("_sum").append(braces).append(' ').append(sum.sum()).append('\n');
            out.append(name).append("_count").append(braces).append(' ').append(total.sum()).append('\n');
        }
    }
}
