package dev.vigil.server.ops;

import dev.vigil.model.ScanStatus;
import dev.vigil.server.http.JsonIo;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.ScanRepository;
import dev.vigil.server.work.Staffing;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/** {@code /health} (live and ready), {@code /metrics} (Prometheus text) and {@code /openapi}. */
public final class OpsService implements HttpService {

    private static final Duration DATABASE_CHECK = Duration.ofSeconds(2);
    private static final Executor CHECKS = Executors.newVirtualThreadPerTaskExecutor();

    private final Database database;
    private final ScanRepository scans;
    private final Metrics metrics;
    private final BooleanSupplier accepting;
    private final IntSupplier waitingRequests;
    private final Supplier<Staffing> workers;
    private final byte[] openapi;

    /**
     * {@code waitingRequests}: API requests waiting for their turn ({@link dev.vigil.server.http.Admission});
     * {@code workers}: the node's scan workers, configured and running.
     */
    public OpsService(Database database, ScanRepository scans, Metrics metrics, BooleanSupplier accepting,
                      IntSupplier waitingRequests, Supplier<Staffing> workers) {
        this.database = database;
        this.scans = scans;
        this.metrics = metrics;
        this.accepting = accepting;
        this.waitingRequests = waitingRequests;
        this.workers = workers;
        this.openapi = readOpenapi();
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/health", this::health)
                .get("/health/live", (req, res) -> sendHealth(res, true, Map.of("process", "UP")))
                .get("/health/ready", this::health)
                .get("/metrics", this::metrics)
                .get("/openapi", this::openapi);
    }

    /** Ready when the database answers, the node is not stopping and every configured scan worker runs. */
    private void health(ServerRequest request, ServerResponse response) {
        boolean database = databaseUp();
        boolean accepts = accepting.getAsBoolean();
        Staffing staffing = workers.get();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", database && accepts && staffing.full() ? "UP" : "DOWN");
        body.put("checks", Map.of("database", upOrDown(database), "accepting", upOrDown(accepts),
                "workers", upOrDown(staffing.full())));
        if (!database) {
            body.put("reason", "the database does not answer within " + DATABASE_CHECK.toSeconds() + " s");
        } else if (!accepts) {
            body.put("reason", "the node is stopping");
        } else if (!staffing.full()) {
            body.put("reason", staffing.describe());
        }
        JsonIo.send(response, body.get("status").equals("UP") ? Status.OK_200
                : Status.SERVICE_UNAVAILABLE_503, body);
    }

    private static String upOrDown(boolean up) {
        return up ? "UP" : "DOWN";
    }

    /**
     * Whether a pooled connection answers within {@link #DATABASE_CHECK}: a database that is down or
     * unreachable makes the node not ready at once, rather than after the pool's connection timeout.
     */
    private boolean databaseUp() {
        CompletableFuture<Boolean> check = CompletableFuture.supplyAsync(() -> {
            try (Connection c = database.dataSource().getConnection()) {
                return c.isValid((int) DATABASE_CHECK.toSeconds());
            } catch (Exception e) {
                return false;
            }
        }, CHECKS);
        try {
            return check.get(DATABASE_CHECK.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static void sendHealth(ServerResponse response, boolean up, Map<String, String> checks) {
        JsonIo.send(response, up ? Status.OK_200 : Status.SERVICE_UNAVAILABLE_503,
                Map.of("status", up ? "UP" : "DOWN", "checks", checks));
    }

    private void metrics(ServerRequest request, ServerResponse response) {
        StringBuilder out = new StringBuilder();
        out.append("# HELP vigil_scans Scans by status\n# TYPE vigil_scans gauge\n");
        database.run(c -> {
            for (ScanStatus status : ScanStatus.values()) {
                out.append("vigil_scans{status=\"").append(status.wire()).append("\"} ")
                        .append(scans.countByStatus(c, status)).append('\n');
            }
            out.append("# HELP vigil_queue_depth Scans waiting for a worker\n# TYPE vigil_queue_depth gauge\n")
                    .append("vigil_queue_depth ").append(scans.countByStatus(c, ScanStatus.PENDING)).append('\n');
        });
        out.append("# HELP vigil_requests_waiting API requests waiting for their turn\n")
                .append("# TYPE vigil_requests_waiting gauge\n")
                .append("vigil_requests_waiting ").append(waitingRequests.getAsInt()).append('\n');
        metrics.write(out);
        response.header(HeaderNames.CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8");
        response.send(out.toString());
    }

    private void openapi(ServerRequest request, ServerResponse response) {
        response.header(HeaderNames.CONTENT_TYPE, "application/yaml; charset=utf-8");
        response.send(openapi);
    }

    private static byte[] readOpenapi() {
        try (InputStream in = OpsService.class.getResourceAsStream("/openapi.yaml")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the bundled OpenAPI document", e);
        }
    }
}
