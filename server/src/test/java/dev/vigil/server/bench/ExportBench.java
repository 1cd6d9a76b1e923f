package dev.vigil.server.bench;

import dev.vigil.model.ExportFormat;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.Json;
import dev.vigil.server.store.FindingQuery;
import dev.vigil.server.store.FindingRepository;
import dev.vigil.server.testing.FindingSeeder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.UUID;

/**
 * Export of exactly 10,000 rows (one project's findings, in a tenant of 50,000) as CSV and as JSON over
 * HTTP on a real server over the HSQLDB file database, read to the last byte by a raw {@code java.net.http}
 * client: the median of 10 after 3 warm-ups. Beside it, the same rows read in process through
 * {@link FindingRepository#forEach} without HTTP or encoding.
 *
 * <p>Run: {@code ./bench export}. Target (issue): at most 1 s.
 */
public final class ExportBench {

    static final int ROWS = 10_000;
    private static final int OTHER_PROJECTS = 4;
    private static final int WARMUP = 3;
    private static final int RUNS = Integer.getInteger("bench.export.runs", 10);

    record Result(String what, double medianSeconds, long bytes, long rows) {
    }

    private ExportBench() {
    }

    public static void main(String[] args) throws IOException {
        run();
    }

    public static void run() throws IOException {
        BenchEnvironment.print("export: 10,000 rows as CSV and JSON");
        try (BenchServer server = BenchServer.start()) {
            BenchServer.Tenant tenant = server.tenant("export-bench");
            UUID project = seed(server, tenant);
            Table table = new Table("export", "median s", "bytes", "rows", "rows/s", "MB/s", "<= 1 s");
            try (HttpProbe probe = new HttpProbe(server.server().uri(), tenant.apiKey())) {
                for (String format : new String[]{"csv", "json"}) {
                    String path = FindingPaths.LIST + "/export?format=" + format + "&project_id=" + project;
                    addRow(table, timeExport(probe, format, path));
                }
            }
            addRow(table, timeRepository(server, tenant.id(), project));
            table.print();
            checkJsonRows(tenant, project);
        }
    }

    private static UUID seed(BenchServer server, BenchServer.Tenant tenant) {
        FindingSeeder seeder = new FindingSeeder(server.database(), 11);
        UUID exported = tenant.project("exported").id();
        seeder.seed(tenant.id(), exported, ROWS, System.currentTimeMillis());
        for (int p = 0; p < OTHER_PROJECTS; p++) {
            seeder.seed(tenant.id(), tenant.project("other-" + p).id(), ROWS, System.currentTimeMillis());
        }
        server.checkpoint();
        return exported;
    }

    private static Result timeExport(HttpProbe probe, String format, String path) {
        for (int i = 0; i < WARMUP; i++) {
            probe.drain(path);
        }
        double[] seconds = new double[RUNS];
        HttpProbe.Drained last = null;
        for (int i = 0; i < RUNS; i++) {
            last = probe.drain(path);
            seconds[i] = last.nanos() / 1e9;
        }
        long rows = format.equals("csv") ? last.lineFeeds() - 1 : ROWS;
        return new Result(format.toUpperCase(Locale.ROOT) + " over HTTP", Latency.medianSeconds(seconds), last.bytes(), rows);
    }

    /** The rows alone: the export's query and row mapping in process, no HTTP and no encoding. */
    private static Result timeRepository(BenchServer server, UUID tenantId, UUID project) {
        FindingQuery query = FindingQuery.of(tenantId, FindingFilter.none().withProject(project));
        FindingRepository findings = new FindingRepository(server.database().dialect());
        double[] seconds = new double[RUNS];
        long[] rows = new long[1];
        for (int i = -WARMUP; i < RUNS; i++) {
            rows[0] = 0;
            long start = System.nanoTime();
            server.database().run(c -> {
                try {
                    findings.forEach(c, query, 10_000, System.currentTimeMillis(), f -> rows[0]++);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            if (i >= 0) {
                seconds[i] = (System.nanoTime() - start) / 1e9;
            }
        }
        return new Result("in process: FindingRepository.forEach (no HTTP, no encoding)", Latency.medianSeconds(seconds),
                0, rows[0]);
    }

    private static void addRow(Table table, Result r) {
        boolean encoded = r.bytes() > 0;
        table.row(r.what(), String.format(Locale.ROOT, "%.3f", r.medianSeconds()), encoded ? r.bytes() : "-", r.rows(),
                String.format(Locale.ROOT, "%,.0f", r.rows() / r.medianSeconds()),
                encoded ? String.format(Locale.ROOT, "%.1f", r.bytes() / 1e6 / r.medianSeconds()) : "-",
                r.medianSeconds() <= 1 ? "met" : "missed");
    }

    /** The JSON export, parsed once outside the timing, must hold exactly the 10,000 rows. */
    private static void checkJsonRows(BenchServer.Tenant tenant, UUID project) throws IOException {
        try (var in = tenant.owner().findings().export(FindingFilter.none().withProject(project),
                ExportFormat.JSON)) {
            int rows = Json.mapper().readTree(in).size();
            System.out.println("JSON export parsed once: " + rows + " rows" + (rows == ROWS ? "" : " (expected " + ROWS + ")"));
        }
    }
}
