package dev.vigil.server.bench;

import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingSort;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.IntFunction;

/**
 * Latency of the findings list at one million findings in one tenant (500 projects) on a real server over
 * the HSQLDB file database: each case is one client sending requests one after another over a keep-alive
 * connection with a raw {@code java.net.http} client (the body is read, not parsed), p50/p95/p99 over at
 * least 200 requests after a warm-up (fewer only when a case exceeds its time budget; the table says n).
 *
 * <p>Run: {@code ./bench findings [-Dbench.findings=1000000] [-Dbench.requests=200] [-Dbench.warmup=20]
 * [-Dbench.budget=120] [-Dbench.postgres=true] [-Dbench.emptyProjects=0]} (budget: seconds per case; postgres:
 * over a fresh database of the PostgreSQL server on 127.0.0.1:5432 instead, without HSQLDB's query plans;
 * emptyProjects: projects without findings whose names come first, which a {@code project_name} page passes).
 * Target (issue): p95 at most 50 ms; a deep page as fast as the first.
 */
public final class FindingsBench {

    static final int FINDINGS = Integer.getInteger("bench.findings", 1_000_000);
    static final int PROJECTS = Integer.getInteger("bench.projects", 500);
    private static final int REQUESTS = Integer.getInteger("bench.requests", 200);
    private static final int WARMUP = Integer.getInteger("bench.warmup", 20);
    private static final long BUDGET_NANOS = Integer.getInteger("bench.budget", 120) * 1_000_000_000L;
    private static final int MIN_REQUESTS = 10;
    private static final long WARMUP_BUDGET_NANOS = 30_000_000_000L;
    private static final int DEEP_PAGES = 500;
    private static final boolean POSTGRES = Boolean.getBoolean("bench.postgres");
    private static final int EMPTY_PROJECTS = Integer.getInteger("bench.emptyProjects", 0);

    /**
     * A measured case: request {@code i} GETs {@code path(i)}; {@code filter} (if any) is its first list filter,
     * {@code sort} the list's order.
     */
    record Case(String name, IntFunction<String> path, FindingFilter filter, FindingSort sort) {

        Case(String name, IntFunction<String> path, FindingFilter filter) {
            this(name, path, filter, FindingSort.DEFAULT);
        }

        static Case list(String name, IntFunction<FindingFilter> filters) {
            return new Case(name, i -> FindingPaths.list(filters.apply(i), null, null), filters.apply(0));
        }
    }

    record Result(Case measured, Latency latency, long bytes) {
    }

    private FindingsBench() {
    }

    public static void main(String[] args) {
        run();
    }

    public static void run() {
        BenchEnvironment.print(String.format(Locale.ROOT, "findings: list latency at %,d findings in one tenant, %s",
                FINDINGS, POSTGRES ? "PostgreSQL" : "HSQLDB"));
        try (BenchServer server = BenchServer.start(POSTGRES, Optional.empty())) {
            FindingsDataset.Data data = new FindingsDataset(server).build(FINDINGS, PROJECTS);
            printSeeding(data.seeding());
            for (int i = 0; i < EMPTY_PROJECTS; i++) {
                data.tenant().project(String.format(Locale.ROOT, "archived-%05d", i));
            }
            List<Result> results = new ArrayList<>();
            try (HttpProbe probe = new HttpProbe(server.server().uri(), data.tenant().apiKey())) {
                int deep = Math.min(DEEP_PAGES, FINDINGS / DeepPage.LIMIT - 1);
                String deepCursor = DeepPage.cursor(probe, server.database(), data.tenant().id(), deep);
                for (Case c : cases(data, deepCursor, probe)) {
                    results.add(measure(probe, c));
                }
            }
            printResults(results);
            if (!POSTGRES) {
                QueryPlans.print(server.database(), data.tenant().id(), results);
            }
        }
    }

    static List<Case> cases(FindingsDataset.Data data, String deepCursor, HttpProbe probe) {
        FindingFilter none = FindingFilter.none();
        List<UUID> projects = data.projects();
        List<UUID> users = data.assignees();
        List<UUID> ids = data.findingIds();
        String[] common = {"github-pat", "cve-2021-44228", "generic-api-key", "ckv_aws_20"};
        return List.of(
                Case.list("first page, no filter", i -> none),
                Case.list("severity[]=critical&status[]=open", i -> none.withSeverities(Set.of(Severity.CRITICAL))
                        .withStatuses(Set.of(FindingStatus.OPEN))),
                Case.list("project_id (500 projects in turn)", i -> none.withProject(projects.get(i * 7 % projects.size()))),
                Case.list("scan_type=iac&status[]=in_progress", i -> none.withScanType(ScanKind.IAC)
                        .withStatuses(Set.of(FindingStatus.IN_PROGRESS))),
                Case.list("assigned_to_user_id (3 users in turn)", i -> none.withAssignee(users.get(i % users.size()))),
                Case.list("search rare: 'component cNNNN' (~1 in 10,000)", i -> none.withSearch(
                        "component c" + (1000 + i * 37 % 9000))),
                Case.list("search common: a rule id (~1 in 8)", i -> none.withSearch(common[i % common.length])),
                new Case("first page, limit=100", i -> FindingPaths.list(none, 100, null), null),
                new Case("deep page, limit=100 (cursor after row " + Math.min(DEEP_PAGES, FINDINGS / 100 - 1) * 100 + ")",
                        i -> FindingPaths.list(none, 100, deepCursor), null),
                secondPage(probe, null),
                sorted("-severity"),
                sorted("rule_id"),
                sorted("-rule_id"),
                sorted("last_seen"),
                sorted("-last_seen"),
                sorted("first_seen"),
                sorted("-first_seen"),
                sorted("status"),
                sorted("-status"),
                sorted("project_name"),
                sorted("-project_name"),
                sorted("sla_deadline"),
                sorted("-sla_deadline"),
                sorted("location"),
                secondPage(probe, "-severity"),
                secondPage(probe, "rule_id"),
                secondPage(probe, "-rule_id"),
                secondPage(probe, "last_seen"),
                secondPage(probe, "-last_seen"),
                secondPage(probe, "-status"),
                secondPage(probe, "project_name"),
                secondPage(probe, "-sla_deadline"),
                new Case("sort=location&project_id (500 projects in turn)", i -> FindingPaths.LIST
                        + "?sort=location&project_id=" + projects.get(i * 7 % projects.size()),
                        none.withProject(projects.getFirst()), sort("location")),
                new Case("sort=-last_seen&assigned_to_user_id (3 users in turn)", i -> FindingPaths.LIST
                        + "?sort=-last_seen&assigned_to_user_id=" + users.get(i % users.size()),
                        none.withAssignee(users.getFirst()), sort("-last_seen")),
                new Case("sort=-first_seen&search common: a rule id", i -> FindingPaths.LIST
                        + "?sort=-first_seen&search=" + common[i % common.length],
                        none.withSearch(common[0]), sort("-first_seen")),
                new Case("GET one finding (1,000 ids in turn)", i -> FindingPaths.LIST + "/" + ids.get(i * 997 % ids.size()),
                        null),
                new Case("stats, whole tenant", i -> FindingPaths.LIST + "/stats", null),
                new Case("stats, one project", i -> FindingPaths.LIST + "/stats?project_id=" + projects.get(i % projects.size()),
                        null));
    }

    /** The first page of the whole list in the order of a {@code sort} parameter ({@code rule_id}, {@code -severity}). */
    private static Case sorted(String sort) {
        return new Case("sort=" + sort, i -> FindingPaths.LIST + "?sort=" + sort, FindingFilter.none(), sort(sort));
    }

    /**
     * The second page of the whole list in the order of {@code sort} (null: the default order), after the cursor the
     * first page answered.
     */
    private static Case secondPage(HttpProbe probe, String sort) {
        String first = sort == null ? FindingPaths.LIST : FindingPaths.LIST + "?sort=" + sort;
        String cursor = URLEncoder.encode(DeepPage.nextCursor(probe.get(first).body()), StandardCharsets.UTF_8);
        String path = first + (sort == null ? "?" : "&") + "cursor=" + cursor;
        return new Case((sort == null ? "default order" : "sort=" + sort) + ", page 2 (cursor)", i -> path,
                FindingFilter.none(), sort == null ? FindingSort.DEFAULT : sort(sort));
    }

    private static FindingSort sort(String wire) {
        return FindingSort.parse(wire).orElseThrow(() -> new IllegalArgumentException("no sort " + wire));
    }

    /**
     * Warm-up (at most 30 s, at least one request), then sequential requests until {@link #REQUESTS}, or
     * until the budget is spent once at least 10 are done.
     */
    static Result measure(HttpProbe probe, Case c) {
        long warmup = System.nanoTime();
        for (int i = 0; i < WARMUP && (i == 0 || System.nanoTime() - warmup < WARMUP_BUDGET_NANOS); i++) {
            probe.get(c.path().apply(REQUESTS + i));
        }
        long[] nanos = new long[REQUESTS];
        long bytes = 0;
        long start = System.nanoTime();
        int n = 0;
        while (n < REQUESTS && (n < MIN_REQUESTS || System.nanoTime() - start < BUDGET_NANOS)) {
            HttpProbe.Answer answer = probe.get(c.path().apply(n));
            nanos[n++] = answer.nanos();
            bytes += answer.body().length;
        }
        Latency latency = Latency.ofNanos(Arrays.copyOf(nanos, n));
        System.out.printf(Locale.ROOT, "  %-50s n=%d p50=%s ms p95=%s ms%n", c.name(), n, Latency.fmt(latency.p50()),
                Latency.fmt(latency.p95()));
        return new Result(c, latency, bytes / n);
    }

    private static void printSeeding(FindingsDataset.Seeding s) {
        new Table("findings", "projects", "seed s", "rows/s", "triage + assign s", "CHECKPOINT s", "database on disk")
                .row(String.format(Locale.ROOT, "%,d", s.findings()), s.projects(), ScanRunner.seconds(s.seedSeconds()),
                        String.format(Locale.ROOT, "%,.0f", s.findings() / s.seedSeconds()),
                        ScanRunner.seconds(s.triageSeconds()), ScanRunner.seconds(s.checkpointSeconds()),
                        String.format(Locale.ROOT, "%.0f MiB", s.databaseBytes() / 1048576.0))
                .print();
    }

    private static void printResults(List<Result> results) {
        Table table = new Table("request", "n", "p50 ms", "p95 ms", "p99 ms", "max ms", "bytes", "p95 <= 50 ms");
        for (Result r : results) {
            Latency l = r.latency();
            table.row(r.measured().name(), l.n(), Latency.fmt(l.p50()), Latency.fmt(l.p95()), Latency.fmt(l.p99()),
                    Latency.fmt(l.max()), r.bytes(), l.p95() <= 50 ? "met" : "missed");
        }
        table.print();
    }
}
