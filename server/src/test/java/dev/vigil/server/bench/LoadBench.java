package dev.vigil.server.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import dev.vigil.server.store.Sql;
import dev.vigil.server.testing.Archives;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Mixed HTTP load with wrk on loopback against one tenant of {@code bench.findings} findings (default
 * 1,000,000) across 500 projects, over HSQLDB or PostgreSQL: reads (list, filters, search, one finding) and
 * writes (status changes, scan submissions beyond the hourly limit, so mostly intended 429s). One wrk
 * process per endpoint, all at once, their connections adding up to {@code bench.connections} (default
 * 200), so each endpoint's p50/p95/p99 is measured inside the mix. wrk is closed-loop: a slow answer delays
 * that connection's next request (no coordinated-omission correction).
 *
 * <p>The warm-up is a minute: after 10 s, C2 compilations still took 7.5% of the CPU samples of the measured
 * window on a 2-core machine (2.2% after 60 s), so the figures were those of a server not yet warm.
 *
 * <p>Run: {@code ./bench load hsqldb|postgresql [-Dbench.findings=1000000] [-Dbench.duration=30]
 * [-Dbench.warmup=60] [-Dbench.connections=200] [-Dbench.rareSearch=3] [-Dbench.seeded=DIR]}. Targets (issue
 * 8): list and search p95 under 100 ms at 200 concurrent requests, no error but intended 429s, memory bounded.
 */
public final class LoadBench {

    private static final int FINDINGS = Integer.getInteger("bench.findings", 1_000_000);
    private static final int PROJECTS = Integer.getInteger("bench.projects", 500);
    private static final int DURATION = Integer.getInteger("bench.duration", 30);
    private static final int WARMUP = Integer.getInteger("bench.warmup", 60);
    private static final int CONNECTIONS = Integer.getInteger("bench.connections", 200);
    /** Share of the connections on rare-term searches (a full walk each until the term index): 0 leaves them out. */
    private static final int RARE_SEARCH_PERCENT = Integer.getInteger("bench.rareSearch", 3);
    /**
     * Where a seeded HSQLDB database is kept between runs: the first run with {@code -Dbench.seeded=DIR} seeds
     * and copies its database there, later ones start on a copy of that copy (with its row cache cold, as
     * after a restart) and skip the half hour of seeding a million findings.
     */
    private static final Optional<Path> SEEDED = Optional.ofNullable(System.getProperty("bench.seeded")).map(Path::of);
    private static final String BOUNDARY = "vigil-bench-boundary-7d1f";

    /**
     * One endpoint of the mix: its share of the connections, method, request lines, shared body, and what
     * load.lua does with its responses: {@code errors} (wrk's own count of 400 and above), {@code statuses}
     * (each counted) or {@code rate-limited} (counted, a 429 honoured).
     */
    record Endpoint(String label, int percent, String method, List<String> lines, Optional<byte[]> body,
                    String contentType, String responses) {
    }

    private LoadBench() {
    }

    public static void run(String[] args) throws Exception {
        boolean postgres = args.length > 0 && args[0].toLowerCase(Locale.ROOT).startsWith("postgres");
        String store = postgres ? "PostgreSQL" : "HSQLDB (file, cached tables)";
        BenchEnvironment.print(String.format(Locale.ROOT, "load: wrk, %d connections, %,d findings, %d projects, %s",
                CONNECTIONS, FINDINGS, PROJECTS, store));
        if (postgres && SEEDED.isPresent()) {
            throw new IllegalArgumentException("-Dbench.seeded keeps an HSQLDB database; PostgreSQL seeds each run");
        }
        Optional<Path> kept = SEEDED.filter(FindingsDataset::isKept);
        try (BenchServer server = BenchServer.start(postgres, kept)) {
            FindingsDataset dataset = new FindingsDataset(server, true);
            FindingsDataset.Data data = kept.isPresent() ? dataset.kept(kept.get(), FINDINGS, PROJECTS)
                    : dataset.build(FINDINGS, PROJECTS);
            if (kept.isPresent()) {
                System.out.println("a copy of the database seeded earlier in " + kept.get());
            } else if (SEEDED.isPresent()) {
                dataset.keep(data, SEEDED.get());
                System.out.println("kept a copy of the seeded database in " + SEEDED.get());
            }
            FindingsDataset.Seeding seeding = data.seeding();
            System.out.printf(Locale.ROOT, "seeded in %.0f s, triage %.0f s, %s %.1f s; database %,d MiB "
                            + "(%.0f MiB per million findings)%n", seeding.seedSeconds(), seeding.triageSeconds(),
                    postgres ? "VACUUM ANALYZE" : "CHECKPOINT", seeding.checkpointSeconds(),
                    seeding.databaseBytes() >> 20, (seeding.databaseBytes() >> 20) * 1e6 / FINDINGS);
            if (postgres) {
                printPostgresSizes(server);
            }
            printOverviewReads(server, data);
            List<Endpoint> mix = mix(data, openFindings(server, data));
            Path dir = Files.createTempDirectory("vigil-load");
            printMemory(server, "before load");
            System.out.printf("warm-up: %d s%n", WARMUP);
            runWrk(server, data, mix, dir, WARMUP);
            System.out.printf("measured: %d s%n", DURATION);
            List<JsonNode> results = runWrk(server, data, mix, dir, DURATION);
            print(mix, results);
            printMemory(server, "after load");
        }
    }

    /**
     * What the dashboard's Overview reads at its start, one request at a time on an idle server: the whole
     * tenant's stats and 30-day trend (the first of each after the seeding, then four more).
     */
    private static void printOverviewReads(BenchServer server, FindingsDataset.Data data) {
        try (HttpProbe probe = new HttpProbe(server.server().uri(), data.tenant().apiKey())) {
            for (String path : List.of(FindingPaths.LIST + "/stats", FindingPaths.LIST + "/trend?days=30")) {
                List<String> millis = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    millis.add(String.format(Locale.ROOT, "%.1f", probe.get(path).nanos() / 1e6));
                }
                System.out.printf(Locale.ROOT, "overview read %s, whole tenant: %s ms%n", path,
                        String.join(", ", millis));
            }
        }
    }

    private static List<Endpoint> mix(FindingsDataset.Data data, List<UUID> open) {
        List<String> list = List.of(FindingPaths.list(FindingFilter.none(), null, null),
                FindingPaths.list(FindingFilter.none(), 100, null));
        List<String> filters = new ArrayList<>();
        for (UUID project : data.projects()) {
            filters.add(FindingPaths.list(FindingFilter.none().withProject(project), null, null));
        }
        for (Severity severity : Severity.values()) {
            filters.add(FindingPaths.list(FindingFilter.none().withSeverities(Set.of(severity))
                    .withStatuses(Set.of(FindingStatus.OPEN)), null, null));
        }
        for (ScanKind kind : ScanKind.values()) {
            filters.add(FindingPaths.list(FindingFilter.none().withScanType(kind)
                    .withStatuses(Set.of(FindingStatus.IN_PROGRESS)), null, null));
        }
        data.assignees().forEach(user -> filters.add(FindingPaths.list(
                FindingFilter.none().withAssignee(user), null, null)));
        List<String> common = Set.of("CVE-2021-44228", "github-pat", "aws-access-token", "CKV_AWS_20").stream()
                .map(term -> FindingPaths.list(FindingFilter.none().withSearch(term), null, null)).toList();
        List<String> rare = IntStream.range(0, 2_000).mapToObj(n -> FindingPaths.list(
                FindingFilter.none().withSearch("component c" + (1000 + n * 4)), null, null)).toList();
        List<UUID> ids = data.findingIds();
        List<String> detail = IntStream.range(0, 1_000).mapToObj(i -> FindingPaths.LIST + "/" + ids.get(i)).toList();
        // both actions for every finding, so that about half the changes move it (in_progress <-> in_backlog)
        // and the other half find it there already (a no-op success)
        List<String> status = new ArrayList<>();
        for (UUID finding : open) {
            for (String action : List.of("in_progress", "backlog")) {
                status.add(FindingPaths.LIST + "/" + finding + "/status\t{\"action\":\"" + action + "\"}");
            }
        }
        byte[] submission = multipart(data.projects().getFirst());
        return Stream.of(
                read("list (no filter; limit 20 and 100)", 20, list),
                read("filter (project, severity+status, kind+status, assignee)", 25, filters),
                read("search, common term (a rule id)", 20, common),
                read("search, rare term (about 1 in 11,000)", RARE_SEARCH_PERCENT, rare),
                read("detail (GET one finding)", 20, detail),
                new Endpoint("status change (in_progress / backlog)", 9, "POST", status, Optional.empty(),
                        "application/json", "statuses"),
                new Endpoint("scan submission (beyond 50/hour: 429)", 3, "POST", List.of("/v1/scans"),
                        Optional.of(submission), "multipart/form-data; boundary=" + BOUNDARY, "rate-limited"))
                .filter(endpoint -> endpoint.percent() > 0).toList();
    }

    /** A GET endpoint: only wrk's own count of statuses of 400 and above, so that wrk hands Lua nothing. */
    private static Endpoint read(String label, int percent, List<String> lines) {
        return new Endpoint(label, percent, "GET", lines, Optional.empty(), "-", "errors");
    }

    /** Open findings: in_progress and backlog move them between open, in_progress and in_backlog only. */
    private static List<UUID> openFindings(BenchServer server, FindingsDataset.Data data) {
        return server.database().inTransaction(c -> Sql.list(c,
                "SELECT id FROM findings WHERE tenant_id = ? AND status = 'open' ORDER BY id LIMIT 2000",
                row -> Sql.uuid(row, "id"), data.tenant().id()));
    }

    /** Sizes of the largest tables with their indexes and TOAST ({@code pg_total_relation_size}). */
    private static void printPostgresSizes(BenchServer server) {
        Table table = new Table("relation", "total MiB", "table MiB", "indexes MiB");
        server.database().run(c -> {
            try (var statement = c.createStatement(); var row = statement.executeQuery("""
                    SELECT relname, pg_total_relation_size(oid), pg_table_size(oid), pg_indexes_size(oid)
                    FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace
                    ORDER BY pg_total_relation_size(oid) DESC LIMIT 5
                    """)) {
                while (row.next()) {
                    table.row(row.getString(1), row.getLong(2) >> 20, row.getLong(3) >> 20, row.getLong(4) >> 20);
                }
            }
        });
        table.print();
    }

    private static List<JsonNode> runWrk(BenchServer server, FindingsDataset.Data data, List<Endpoint> mix, Path dir,
                                         int seconds) throws Exception {
        Path script = dir.resolve("load.lua");
        try (InputStream in = LoadBench.class.getResourceAsStream("load.lua")) {
            Files.write(script, in.readAllBytes());
        }
        List<Process> processes = new ArrayList<>();
        for (int i = 0; i < mix.size(); i++) {
            Endpoint endpoint = mix.get(i);
            Path lines = Files.write(dir.resolve("lines-" + i), endpoint.lines());
            String body = "-";
            if (endpoint.body().isPresent()) {
                body = Files.write(dir.resolve("body-" + i), endpoint.body().get()).toString();
            }
            int connections = Math.max(1, CONNECTIONS * endpoint.percent() / 100);
            ProcessBuilder wrk = new ProcessBuilder("wrk", "-t1", "-c" + connections, "-d" + seconds + "s",
                    "--timeout", "30s", "-s", script.toString(), server.server().uri().toString(), "--",
                    endpoint.label(), endpoint.method(), lines.toString(), body, endpoint.contentType(),
                    endpoint.responses())
                    .redirectErrorStream(true);
            wrk.environment().put("VIGIL_BENCH_KEY", data.tenant().apiKey());
            processes.add(wrk.start());
        }
        List<JsonNode> results = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        for (Process process : processes) {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            process.waitFor();
            String line = output.lines().filter(l -> l.startsWith("VIGIL_RESULT ")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("wrk printed no result:\n" + output));
            results.add(json.readTree(line.substring("VIGIL_RESULT ".length())));
        }
        return results;
    }

    private static void print(List<Endpoint> mix, List<JsonNode> results) {
        Table table = new Table("endpoint", "connections", "requests", "req/s", "p50 ms", "p95 ms", "p99 ms",
                "max ms", "statuses", "socket errors");
        long total = 0;
        double seconds = 0;
        for (int i = 0; i < results.size(); i++) {
            JsonNode r = results.get(i);
            double duration = r.get("duration_us").asLong() / 1e6;
            seconds = Math.max(seconds, duration);
            total += r.get("requests").asLong();
            long socket = r.get("connect_errors").asLong() + r.get("read_errors").asLong()
                    + r.get("write_errors").asLong() + r.get("timeouts").asLong();
            table.row(mix.get(i).label(), Math.max(1, CONNECTIONS * mix.get(i).percent() / 100),
                    String.format(Locale.ROOT, "%,d", r.get("requests").asLong()),
                    String.format(Locale.ROOT, "%.0f", r.get("requests").asLong() / duration),
                    ms(r, "p50_us"), ms(r, "p95_us"), ms(r, "p99_us"), ms(r, "max_us"),
                    r.get("statuses").toString().replace("\"", "").replace(",", " "), socket);
        }
        table.print();
        System.out.printf(Locale.ROOT, "total: %,d requests in %.1f s, %.0f req/s%n", total, seconds, total / seconds);
    }

    private static String ms(JsonNode result, String field) {
        return Latency.fmt(result.get(field).asLong() / 1000.0);
    }

    private static void printMemory(BenchServer server, String when) {
        System.gc();
        var heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        String rss = "?";
        try {
            rss = Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("VmRSS"))
                    .findFirst().map(l -> l.replaceAll("\\s+", " ")).orElse("?");
        } catch (IOException ignored) {
            // not Linux
        }
        System.out.printf(Locale.ROOT, "memory %s: heap used after GC %,d MiB of max %,d MiB; %s%n", when,
                heap.getUsed() >> 20, heap.getMax() >> 20, rss);
        if (!server.onPostgres()) {
            server.database().run(c -> {
                try (var statement = c.createStatement(); var row = statement.executeQuery("""
                        SELECT cache_size, max_cache_count, cache_bytes, max_cache_bytes
                        FROM information_schema.system_cacheinfo WHERE cache_file LIKE '%.data'""")) {
                    row.next();
                    System.out.printf(Locale.ROOT, "HSQLDB row cache %s: %,d rows of %,d, %,d MiB of %,d MiB%n", when,
                            row.getLong(1), row.getLong(2), row.getLong(3) >> 20, row.getLong(4) >> 20);
                }
            });
        }
    }

    /** A small submission: the tenant is far beyond 50 per hour after the first ones, so most are 429. */
    private static byte[] multipart(UUID project) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Map<String, String> fields = Map.of("project_id", project.toString(), "branch", "main",
                "commit_hash", "c".repeat(40), "scan_type", "secrets");
        fields.forEach((name, value) -> out.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\""
                + name + "\"\r\n\r\n" + value + "\r\n").getBytes(StandardCharsets.UTF_8)));
        out.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"files\"; filename=\"src.tar.gz\""
                + "\r\nContent-Type: application/gzip\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        out.writeBytes(Archives.tarGz(Map.of("app.py", "print('hello')\n")));
        out.writeBytes(("\r\n--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }
}
