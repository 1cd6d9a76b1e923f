package dev.vigil.server.store;

import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The counts that findings stats and trends read instead of the findings (a walk of a million findings took
 * 10 s on HSQLDB): each project's findings by severity, status and kind ({@code finding_counts}), its findings
 * whose SLA still runs by the UTC day of their deadline ({@code finding_deadlines}), and its active findings by
 * the UTC day they were first seen, critical and high apart ({@code finding_arrivals}). Every write of findings
 * records what it changed in a {@link Changes} and applies it before its transaction commits.
 *
 * <p>They stay exact beside concurrent writers on several nodes:
 * <ul>
 *   <li>A change only updates rows that exist: a project has every row of its counts from its creation on, a
 *   deadline day and a first-seen day have their rows from the merge that inserts the first finding due or seen
 *   that day (a project's merges hold its lock), and no row is ever deleted. So no two transactions race to
 *   insert a row.</li>
 *   <li>What a change moves is read under the finding's row lock: triage reads the finding's place after its
 *   conditional update; a merge knows severities, kinds and deadlines under the project's lock (only merges
 *   change them) and reads the status of a finding it re-rated after updating it.</li>
 *   <li>The rows are updated last in a transaction, after every finding it locks, and always in one order, so
 *   that writers never wait for each other's counts in a cycle.</li>
 * </ul>
 */
public final class FindingCounts {

    /** Milliseconds of a day: a deadline's day is {@code sla_deadline / DAY}. */
    static final long DAY = 86_400_000L;

    /** The statuses in which a finding's SLA runs, as an SQL list. */
    static final String ACTIVE = Arrays.stream(FindingStatus.values()).filter(FindingStatus::isActive)
            .map(s -> "'" + s.wire() + "'").collect(Collectors.joining(", "));

    private static final String PLACE =
            "SELECT tenant_id, project_id, severity, scan_type, sla_deadline, first_seen FROM findings";

    private FindingCounts() {
    }

    /** Where a finding counts, but for its status. */
    public record Place(UUID tenantId, UUID projectId, Severity severity, ScanKind kind, Long slaDeadline,
                        long firstSeen) {

        public Place withSeverity(Severity other) {
            return new Place(tenantId, projectId, other, kind, slaDeadline, firstSeen);
        }
    }

    /** The place of a finding, read (under its row lock, for a change to count it exactly). */
    static Place place(Connection c, UUID findingId) throws SQLException {
        return Sql.one(c, PLACE + " WHERE id = ?", FindingCounts::place, findingId)
                .orElseThrow(() -> new IllegalStateException("no finding " + findingId));
    }

    /**
     * The place of the finding in a row that has its tenant_id, project_id, severity, scan_type, sla_deadline
     * and first_seen.
     */
    static Place place(ResultSet row) throws SQLException {
        return new Place(Sql.uuid(row, "tenant_id"), Sql.uuid(row, "project_id"),
                Severity.ofRank(row.getInt("severity")), ScanKind.of(row.getString("scan_type")),
                Sql.nullableLong(row, "sla_deadline"), row.getLong("first_seen"));
    }

    /** A transaction's changes to the counts, applied by {@link #apply} before it commits. */
    public static final class Changes {

        private final SortedMap<CountKey, Long> counts = new TreeMap<>();
        private final SortedMap<DayKey, Long> days = new TreeMap<>();
        private final SortedSet<DayKey> newDays = new TreeSet<>();
        private final SortedMap<ArrivalKey, Long> arrivals = new TreeMap<>();
        private final SortedSet<DayKey> newArrivalDays = new TreeSet<>();

        /** A finding inserted (open). */
        public void inserted(Place place) {
            if (place.slaDeadline() != null) {
                newDays.add(DayKey.of(place));
            }
            newArrivalDays.add(DayKey.firstSeen(place));
            count(place, FindingStatus.OPEN, 1);
        }

        public void moved(Place place, FindingStatus from, FindingStatus to) {
            count(place, from, -1);
            count(place, to, 1);
        }

        /** A finding of {@code status} moved to another severity by a scan. */
        public void rerated(Place place, Severity to, FindingStatus status) {
            count(place, status, -1);
            count(place.withSeverity(to), status, 1);
        }

        private void count(Place place, FindingStatus status, long n) {
            counts.merge(new CountKey(place.tenantId(), place.projectId(), place.severity(), status, place.kind()), n,
                    Long::sum);
            if (status.isActive() && place.slaDeadline() != null) {
                days.merge(DayKey.of(place), n, Long::sum);
            }
            if (status.isActive()) {
                arrivals.merge(ArrivalKey.of(place), n, Long::sum);
            }
        }

        /** Updates the counts, in key order, and forgets the changes. */
        public void apply(Connection c) throws SQLException {
            update(c, """
                    UPDATE finding_counts SET n = n + ?
                    WHERE tenant_id = ? AND project_id = ? AND severity = ? AND status = ? AND scan_type = ?
                    """, changed(counts, (key, n) -> new Object[]{n, key.tenantId(), key.projectId(),
                    key.severity().rank(), key.status().wire(), key.kind().wire()}));
            insertMissing(c, "finding_deadlines", List.of("deadline_day"), newDays.stream()
                    .map(key -> new Object[]{key.tenantId(), key.projectId(), key.day()}).toList());
            update(c, """
                    UPDATE finding_deadlines SET n = n + ? WHERE tenant_id = ? AND project_id = ? AND deadline_day = ?
                    """, changed(days, (key, n) -> new Object[]{n, key.tenantId(), key.projectId(), key.day()}));
            insertMissing(c, "finding_arrivals", List.of("first_seen_day", "severe"), newArrivalDays.stream()
                    .flatMap(key -> Stream.of(0, 1).map(severe -> new Object[]{key.tenantId(), key.projectId(),
                            key.day(), severe})).toList());   // both rows of the day: critical and high apart
            update(c, """
                    UPDATE finding_arrivals SET n = n + ?
                    WHERE tenant_id = ? AND project_id = ? AND first_seen_day = ? AND severe = ?
                    """, changed(arrivals, (key, n) -> new Object[]{n, key.tenantId(), key.projectId(), key.day(),
                    key.severe()}));
            counts.clear();
            days.clear();
            newDays.clear();
            arrivals.clear();
            newArrivalDays.clear();
        }

        private static <K> List<Object[]> changed(SortedMap<K, Long> deltas,
                                                  BiFunction<K, Long, Object[]> params) {
            return deltas.entrySet().stream().filter(e -> e.getValue() != 0)
                    .map(e -> params.apply(e.getKey(), e.getValue())).toList();
        }

        /**
         * A row at zero for each key of {@code table} it does not have yet: {@code keys} are (tenant_id,
         * project_id, then the values of {@code columns}), whole numbers past the project.
         */
        private static void insertMissing(Connection c, String table, List<String> columns, List<Object[]> keys)
                throws SQLException {
            List<String> key = new ArrayList<>(List.of("tenant_id", "project_id"));
            key.addAll(columns);
            String values = "CAST(? AS UUID), CAST(? AS UUID)" + ", CAST(? AS BIGINT)".repeat(columns.size());
            String sql = """
                    INSERT INTO %1$s (%2$s, n) SELECT %3$s, 0 FROM (VALUES (0)) AS one (x)
                    WHERE NOT EXISTS (SELECT 1 FROM %1$s WHERE %4$s)
                    """.formatted(table, String.join(", ", key), values,
                    key.stream().map(column -> column + " = ?").collect(Collectors.joining(" AND ")));
            Sql.batch(c, sql, keys.stream().map(row -> Stream.concat(Arrays.stream(row), Arrays.stream(row))
                    .toArray()).toList());
        }

        /** Each update must find its row: one missing is a write of findings that skipped its project's rows. */
        private static void update(Connection c, String sql, List<Object[]> rows) throws SQLException {
            int[] updated = Sql.batch(c, sql, rows);
            for (int i = 0; i < updated.length; i++) {
                if (updated[i] != 1) {
                    throw new IllegalStateException("no count row for " + Arrays.toString(rows.get(i)));
                }
            }
        }
    }

    /** The rows of a new project's counts, all at zero. */
    public static void created(Connection c, UUID tenantId, UUID projectId) throws SQLException {
        insertCounts(c, tenantId, List.of(projectId), Map.of());
    }

    /** Counts every tenant's findings again: see {@link #recount}. */
    public static void recountAll(Connection c) throws SQLException {
        for (UUID tenantId : tenants(c)) {
            recount(c, tenantId);
        }
    }

    /** Every tenant's id, for the migrations that count findings which existed before some of the counts. */
    public static List<UUID> tenants(Connection c) throws SQLException {
        return Sql.list(c, "SELECT id FROM tenants", row -> Sql.uuid(row, "id"));
    }

    /**
     * Counts a tenant's findings again from the findings, into every table of counts: for bulk loads that write
     * findings with plain SQL. Not beside other writers of the tenant's findings.
     */
    public static void recount(Connection c, UUID tenantId) throws SQLException {
        recountStats(c, tenantId);
        recountArrivals(c, tenantId);
    }

    /** What the stats read, {@code finding_counts} and {@code finding_deadlines}, counted again (migration V9). */
    public static void recountStats(Connection c, UUID tenantId) throws SQLException {
        List<UUID> projects = Sql.list(c, "SELECT id FROM projects WHERE tenant_id = ?", row -> Sql.uuid(row, "id"),
                tenantId);
        Map<CountKey, Long> counted = new HashMap<>();
        for (var row : Sql.list(c, """
                SELECT project_id, severity, status, scan_type, COUNT(*) AS n FROM findings WHERE tenant_id = ?
                GROUP BY project_id, severity, status, scan_type
                """, row -> Map.entry(new CountKey(tenantId, Sql.uuid(row, "project_id"),
                Severity.ofRank(row.getInt("severity")), FindingStatus.of(row.getString("status")),
                ScanKind.of(row.getString("scan_type"))), row.getLong("n")), tenantId)) {
            counted.put(row.getKey(), row.getValue());
        }
        Sql.update(c, "DELETE FROM finding_counts WHERE tenant_id = ?", tenantId);
        insertCounts(c, tenantId, projects, counted);
        List<Object[]> days = Sql.list(c, """
                SELECT project_id, deadline_day, SUM(active) AS n
                FROM (SELECT project_id, sla_deadline / %d AS deadline_day,
                             CASE WHEN status IN (%s) THEN 1 ELSE 0 END AS active
                      FROM findings WHERE tenant_id = ? AND sla_deadline IS NOT NULL) AS deadlines
                GROUP BY project_id, deadline_day
                """.formatted(DAY, ACTIVE), row -> new Object[]{tenantId, Sql.uuid(row, "project_id"),
                row.getLong("deadline_day"), row.getLong("n")}, tenantId);
        Sql.update(c, "DELETE FROM finding_deadlines WHERE tenant_id = ?", tenantId);
        Sql.batch(c, "INSERT INTO finding_deadlines (tenant_id, project_id, deadline_day, n) VALUES (?, ?, ?, ?)",
                days);
    }

    /**
     * What the trend reads, {@code finding_arrivals}, counted again (migration V11): both rows of every day on
     * which a finding of the tenant was first seen, active or not.
     */
    public static void recountArrivals(Connection c, UUID tenantId) throws SQLException {
        SortedMap<DayKey, long[]> bySevere = new TreeMap<>();
        for (var row : Sql.list(c, """
                SELECT project_id, first_seen_day, severe, SUM(active) AS n
                FROM (SELECT project_id, first_seen / %d AS first_seen_day,
                             CASE WHEN severity <= %d THEN 1 ELSE 0 END AS severe,
                             CASE WHEN status IN (%s) THEN 1 ELSE 0 END AS active
                      FROM findings WHERE tenant_id = ?) AS arrivals
                GROUP BY project_id, first_seen_day, severe
                """.formatted(DAY, Severity.HIGH.rank(), ACTIVE), row -> Map.entry(new ArrivalKey(tenantId,
                Sql.uuid(row, "project_id"), row.getLong("first_seen_day"), row.getInt("severe")),
                row.getLong("n")), tenantId)) {
            ArrivalKey key = row.getKey();
            bySevere.computeIfAbsent(new DayKey(tenantId, key.projectId(), key.day()), day -> new long[2])
                    [key.severe()] = row.getValue();
        }
        List<Object[]> rows = new ArrayList<>();
        bySevere.forEach((day, n) -> {
            for (int severe = 0; severe < 2; severe++) {
                rows.add(new Object[]{tenantId, day.projectId(), day.day(), severe, n[severe]});
            }
        });
        Sql.update(c, "DELETE FROM finding_arrivals WHERE tenant_id = ?", tenantId);
        Sql.batch(c, """
                INSERT INTO finding_arrivals (tenant_id, project_id, first_seen_day, severe, n) VALUES (?, ?, ?, ?, ?)
                """, rows);
    }

    private static void insertCounts(Connection c, UUID tenantId, List<UUID> projects, Map<CountKey, Long> counted)
            throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        for (UUID projectId : projects) {
            for (Severity severity : Severity.values()) {
                for (FindingStatus status : FindingStatus.values()) {
                    for (ScanKind kind : ScanKind.values()) {
                        long n = counted.getOrDefault(new CountKey(tenantId, projectId, severity, status, kind), 0L);
                        rows.add(new Object[]{tenantId, projectId, severity.rank(), status.wire(), kind.wire(), n});
                    }
                }
            }
        }
        Sql.batch(c, """
                INSERT INTO finding_counts (tenant_id, project_id, severity, status, scan_type, n)
                VALUES (?, ?, ?, ?, ?, ?)
                """, rows);
    }

    private record CountKey(UUID tenantId, UUID projectId, Severity severity, FindingStatus status, ScanKind kind)
            implements Comparable<CountKey> {

        private static final Comparator<CountKey> ORDER = Comparator.comparing(CountKey::tenantId)
                .thenComparing(CountKey::projectId).thenComparing(CountKey::severity)
                .thenComparing(CountKey::status).thenComparing(CountKey::kind);

        @Override
        public int compareTo(CountKey other) {
            return ORDER.compare(this, other);
        }
    }

    private record DayKey(UUID tenantId, UUID projectId, long day) implements Comparable<DayKey> {

        private static final Comparator<DayKey> ORDER = Comparator.comparing(DayKey::tenantId)
                .thenComparing(DayKey::projectId).thenComparingLong(DayKey::day);

        static DayKey of(Place place) {
            return new DayKey(place.tenantId(), place.projectId(), place.slaDeadline() / DAY);
        }

        static DayKey firstSeen(Place place) {
            return new DayKey(place.tenantId(), place.projectId(), place.firstSeen() / DAY);
        }

        @Override
        public int compareTo(DayKey other) {
            return ORDER.compare(this, other);
        }
    }

    /** A first-seen day's count of active findings, {@code severe} 1 for critical and high, else 0. */
    private record ArrivalKey(UUID tenantId, UUID projectId, long day, int severe)
            implements Comparable<ArrivalKey> {

        private static final Comparator<ArrivalKey> ORDER = Comparator.comparing(ArrivalKey::tenantId)
                .thenComparing(ArrivalKey::projectId).thenComparingLong(ArrivalKey::day)
                .thenComparingInt(ArrivalKey::severe);

        static ArrivalKey of(Place place) {
            return new ArrivalKey(place.tenantId(), place.projectId(), place.firstSeen() / DAY,
                    place.severity().atLeast(Severity.HIGH) ? 1 : 0);
        }

        @Override
        public int compareTo(ArrivalKey other) {
            return ORDER.compare(this, other);
        }
    }
}
