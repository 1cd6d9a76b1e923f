package dev.vigil.server.store;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilClient;
import dev.vigil.model.BulkStatusChange;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStats;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.NewProject;
import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.model.Severity;
import dev.vigil.model.StatusChange;
import dev.vigil.model.TriageAction;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.store.MergeRepository.Known;
import dev.vigil.server.store.MergeRepository.NewFinding;
import dev.vigil.server.store.MergeRepository.ScanChange;
import dev.vigil.server.store.MergeRepository.Seen;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.GitHubTokens;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import dev.vigil.server.triage.AcceptanceExpiry;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The findings' counts against the findings themselves: after each kind of write (merge inserts, scans that
 * resolve and reopen, re-rating, triage one by one and in bulk, acceptance expiry, a scan's change that triage
 * pre-empted), the stats read from the counts equal the stats counted from the findings, for the tenant and for
 * each project, SLA breaches included; and the trend's counts of active findings by the day they were first
 * seen equal those counted from the findings.
 */
@VigilServerTest // over PostgreSQL too, in the PostgreSQL suite
class FindingCountsTest {

    private static final long HOUR = 3_600_000L;
    private static final long DAY = 24 * HOUR;
    private static final MergeRepository MERGES = new MergeRepository();

    private static TestServer server;
    private static TestServer.Tenant tenant;

    @Test
    void theCountsFollowEveryWriteOfFindings() throws Exception {
        VigilClient owner = tenant.owner();
        List<UUID> projects = List.of(project("counted-a"), project("counted-b"));
        Random random = new Random(11);
        long now = System.currentTimeMillis();
        Long[] deadlines = {now - 3 * DAY, now - HOUR, now + HOUR, now + 10 * DAY, null};
        FindingSeeder seeder = new FindingSeeder(server.server().database(), 5);
        for (UUID project : projects) {
            List<NewFinding> rows = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                rows.add(new NewFinding(UUID.randomUUID(), seeder.detection(i), now - 40 * DAY,
                        deadlines[random.nextInt(deadlines.length)]));
            }
            FindingSeeder.insert(server.server().database(), tenant.id(), project, rows);
        }
        assertCountsMatch(projects);

        List<Finding> findings = projects.stream()
                .flatMap(project -> owner.findings().all(FindingFilter.none().withProject(project))).toList();
        LocalDate tomorrow = LocalDate.now(ZoneOffset.UTC).plusDays(1);
        TriageAction[] actions = {TriageAction.IN_PROGRESS, TriageAction.BACKLOG, TriageAction.RESOLVE,
                TriageAction.FALSE_POSITIVE, TriageAction.ACCEPT};
        for (int i = 0; i < 15; i++) {
            TriageAction action = actions[i % actions.length];
            owner.changeStatus(findings.get(i).id(), new StatusChange(action, "counted",
                    action == TriageAction.ACCEPT ? tomorrow : null));
        }
        owner.changeStatus(findings.get(2).id(), StatusChange.of(TriageAction.REOPEN));
        assertCountsMatch(projects);

        owner.bulkStatus(new BulkStatusChange(findings.subList(10, 40).stream().map(Finding::id).toList(),
                TriageAction.RESOLVE, null, null));
        assertCountsMatch(projects);

        mergeAsAScanWould(projects.get(1));   // the one with findings still open
        assertCountsMatch(projects);

        Clock inTwoDays = Clock.offset(Clock.systemUTC(), Duration.ofDays(2));
        Database database = server.server().database();
        int reopened = new AcceptanceExpiry(database, new FindingRepository(database.dialect()),
                new HistoryRepository(), inTwoDays).reopenExpired();
        assertThat(reopened).isPositive();
        assertCountsMatch(projects);
    }

    @Test
    void scansThatResolveAndReopenKeepTheCounts() throws Exception {
        UUID project = project("scanned");
        String kept = githubToken();
        String dropped = githubToken();

        scan(project, Map.of("a.env", "A=" + kept + "\n", "b.env", "B=" + dropped + "\n"));
        assertCountsMatch(List.of(project));
        scan(project, Map.of("a.env", "A=" + kept + "\n", "b.env", "nothing here now\n"));
        assertThat(tenant.owner().findings().stats(Optional.of(project)).byStatus().get("resolved")).isEqualTo(1);
        assertCountsMatch(List.of(project));
        scan(project, Map.of("a.env", "A=" + kept + "\n", "b.env", "B=" + dropped + "\n"));
        assertThat(tenant.owner().findings().stats(Optional.of(project)).byStatus().get("resolved")).isZero();
        assertCountsMatch(List.of(project));
    }

    @Test
    void aRecountFromTheFindingsFindsTheCountsThatWereKept() throws Exception {
        theCountsFollowEveryWriteOfFindings();   // the writes of every kind, again
        Database database = server.server().database();
        List<List<Object>> kept = database.read(c -> rows(c));

        database.run(c -> FindingCounts.recountAll(c));

        List<List<Object>> recounted = database.read(c -> rows(c));
        assertThat(recounted).isEqualTo(kept);
    }

    /**
     * What a merge does to known findings, by hand: re-rates one, resolves two, and resolves one more that
     * triage moved after the merge read it, which must neither apply nor count nor be logged.
     */
    private static void mergeAsAScanWould(UUID project) {
        Database database = server.server().database();
        Map<String, Known> known = database.read(c -> MERGES.known(c, project, Set.of(ScanKind.values())));
        List<Known> open = known.values().stream().filter(k -> k.status() == FindingStatus.OPEN).toList();
        assertThat(open).hasSizeGreaterThanOrEqualTo(4);
        Known preEmpted = open.get(3);
        tenant.owner().changeStatus(preEmpted.id(), StatusChange.of(TriageAction.IN_PROGRESS));
        Known rerated = known.values().stream().filter(k -> k.status() != FindingStatus.OPEN).findFirst().orElseThrow();
        Severity other = rerated.place().severity() == Severity.CRITICAL ? Severity.LOW : Severity.CRITICAL;
        database.run(c -> {
            FindingCounts.Changes counts = new FindingCounts.Changes();
            MERGES.refresh(c, tenant.id(), List.of(new Seen(rerated, detection(rerated, other))),
                    System.currentTimeMillis(), counts);
            List<ScanChange> changes = new ArrayList<>();
            for (Known k : List.of(open.get(1), open.get(2), preEmpted)) {
                changes.add(new ScanChange(k.id(), k.place(), FindingStatus.OPEN, FindingStatus.RESOLVED,
                        "resolved_by_scan"));
            }
            MERGES.change(c, changes, System.currentTimeMillis(), "scan:by-hand", counts);
            counts.apply(c);
        });
        assertThat(tenant.owner().findings().get(preEmpted.id()).status()).isEqualTo(FindingStatus.IN_PROGRESS);
        assertThat(tenant.owner().findings().history(preEmpted.id(), 100, null).data())
                .noneMatch(entry -> "resolved_by_scan".equals(entry.action()));
        assertThat(tenant.owner().findings().get(rerated.id()).severity()).isEqualTo(other);
    }

    private static Detection detection(Known known, Severity severity) {
        return Detection.builder(known.place().kind(), "rule-rerated", severity, known.path(), 1,
                        "rerated-" + known.id())
                .title("Re-rated")
                .cwe("CWE-79")
                .description("re-rated by the scan")
                .build();
    }

    private static void assertCountsMatch(List<UUID> projects) throws Exception {
        assertThat(tenant.owner().findings().stats(Optional.empty())).isEqualTo(counted(null));
        for (UUID project : projects) {
            assertThat(tenant.owner().findings().stats(Optional.of(project))).as("project " + project)
                    .isEqualTo(counted(project));
        }
        Map<List<Object>, Long> arrivals = countedArrivals();
        assertThat(arrivals).isNotEmpty();
        assertThat(keptArrivals()).isEqualTo(arrivals);
    }

    /** The kept counts of active findings by project, first-seen day and critical-or-high, but for the zeros. */
    private static Map<List<Object>, Long> keptArrivals() {
        return server.server().database().read(c -> Sql.list(c, """
                SELECT project_id, first_seen_day, severe, n FROM finding_arrivals WHERE tenant_id = ? AND n <> 0
                """, row -> Map.entry(List.<Object>of(row.getString(1), row.getLong(2), row.getInt(3)), row.getLong(4)),
                tenant.id()).stream().collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
    }

    /** The same counted from the findings themselves. */
    private static Map<List<Object>, Long> countedArrivals() {
        return server.server().database().read(c -> Sql.list(c, """
                SELECT project_id, first_seen, severity FROM findings
                WHERE tenant_id = ? AND status IN ('open', 'in_backlog', 'in_progress')
                """, row -> List.<Object>of(row.getString(1), row.getLong(2) / DAY,
                Severity.ofRank(row.getInt(3)).atLeast(Severity.HIGH) ? 1 : 0), tenant.id()).stream()
                .collect(Collectors.groupingBy(key -> key, Collectors.counting())));
    }

    /** The stats counted from the findings themselves, as the server counted them before the counts. */
    private static FindingStats counted(UUID project) {
        String scope = project == null ? "tenant_id = ?" : "tenant_id = ? AND project_id = ?";
        Object[] params = project == null ? new Object[]{tenant.id()} : new Object[]{tenant.id(), project};
        return server.server().database().read(c -> {
            Map<String, Long> bySeverity = StatsRepository.zeros(Severity.values());
            Map<String, Long> byStatus = StatsRepository.zeros(FindingStatus.values());
            Map<String, Long> byKind = StatsRepository.zeros(ScanKind.values());
            long total = 0;
            for (var row : Sql.list(c, "SELECT severity, status, scan_type FROM findings WHERE " + scope,
                    row -> List.of(Severity.ofRank(row.getInt(1)).wire(), row.getString(2), row.getString(3)),
                    params)) {
                bySeverity.merge(row.get(0), 1L, Long::sum);
                byStatus.merge(row.get(1), 1L, Long::sum);
                byKind.merge(row.get(2), 1L, Long::sum);
                total++;
            }
            Object[] breachParams = Arrays.copyOf(params, params.length + 1);
            breachParams[params.length] = System.currentTimeMillis();
            long breached = Sql.count(c, "SELECT COUNT(*) FROM findings WHERE " + scope
                    + " AND status IN ('open', 'in_backlog', 'in_progress') AND sla_deadline < ?", breachParams);
            return new FindingStats(total, bySeverity, byStatus, byKind, breached);
        });
    }

    private static List<List<Object>> rows(Connection c) throws SQLException {
        List<List<Object>> rows = new ArrayList<>(Sql.list(c, """
                SELECT project_id, severity, status, scan_type, n FROM finding_counts WHERE tenant_id = ?
                ORDER BY project_id, severity, status, scan_type
                """, row -> List.<Object>of(row.getString(1), row.getInt(2), row.getString(3), row.getString(4),
                row.getLong(5)), tenant.id()));
        rows.addAll(Sql.list(c, """
                SELECT project_id, deadline_day, n FROM finding_deadlines WHERE tenant_id = ?
                ORDER BY project_id, deadline_day
                """, row -> List.<Object>of(row.getString(1), row.getLong(2), row.getLong(3)), tenant.id()));
        rows.addAll(Sql.list(c, """
                SELECT project_id, first_seen_day, severe, n FROM finding_arrivals WHERE tenant_id = ?
                ORDER BY project_id, first_seen_day, severe
                """, row -> List.<Object>of(row.getString(1), row.getLong(2), row.getInt(3), row.getLong(4)),
                tenant.id()));
        return rows;
    }

    private static UUID project(String name) {
        return tenant.owner().createProject(new NewProject(name + "-" + UUID.randomUUID(), "main")).id();
    }

    private static void scan(UUID project, Map<String, String> files) {
        ScanSubmission submission = ScanSubmission.of(ScanArchive.of(Archives.tarGz(files)), project, "main",
                "b".repeat(40), ScanType.SECRETS);
        var done = tenant.owner().awaitScan(tenant.owner().submitScan(submission).id(), Duration.ofSeconds(60));
        assertThat(done.status()).isEqualTo(ScanStatus.COMPLETED);
    }

    private static String githubToken() {
        return GitHubTokens.random(new Random());
    }
}
