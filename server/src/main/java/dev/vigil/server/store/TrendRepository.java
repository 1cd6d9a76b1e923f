package dev.vigil.server.store;

import dev.vigil.model.FindingStatus;
import dev.vigil.model.FindingTrend;
import dev.vigil.model.Severity;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Open findings per UTC day, replayed from the findings and their history: a finding counts on a day when it
 * was first seen by that day's end and its status then was open, in backlog or in progress. The findings
 * still active come from their counts by the day they appeared ({@code finding_arrivals}, kept by
 * {@link FindingCounts}); only the findings whose status changed within the period are replayed one by one
 * from their history, so the work follows the period's activity, not the number of findings.
 */
public final class TrendRepository {

    private static final long DAY = FindingCounts.DAY;

    private record Change(UUID findingId, long at, String from, String to, long firstSeen, String status,
                          int severity) {
    }

    public FindingTrend trend(Connection c, UUID tenantId, UUID projectId, int days, long now) throws SQLException {
        long start = LocalDate.ofInstant(Instant.ofEpochMilli(now), ZoneOffset.UTC).minusDays(days - 1L)
                .atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
        long[] ends = new long[days];
        for (int day = 0; day < days; day++) {
            ends[day] = Math.min(now, start + (day + 1) * DAY - 1);
        }
        long[] open = new long[days];
        long[] severe = new long[days];
        countStillActive(c, tenantId, projectId, start, ends, open, severe);
        Map<UUID, List<Change>> changes = changesSince(c, tenantId, projectId, start);
        for (List<Change> history : changes.values()) {
            replay(history, ends, open, severe);
        }
        String resolvedWire = FindingStatus.RESOLVED.wire();
        long resolved = changes.values().stream()
                .filter(history -> history.getFirst().status().equals(resolvedWire))
                .filter(history -> history.stream().anyMatch(change -> resolvedWire.equals(change.to())))
                .count();
        List<FindingTrend.Point> points = new ArrayList<>(days);
        for (int day = 0; day < days; day++) {
            points.add(new FindingTrend.Point(LocalDate.ofInstant(Instant.ofEpochMilli(ends[day]), ZoneOffset.UTC),
                    open[day], severe[day]));
        }
        return new FindingTrend(days, points, resolved);
    }

    /** The findings active now, by the day they appeared (day -1: before the period), from their counts. */
    private static void countStillActive(Connection c, UUID tenantId, UUID projectId, long start, long[] ends,
                                         long[] open, long[] severe) throws SQLException {
        String sql = """
                SELECT bucket, severe, SUM(n) AS n
                  FROM (SELECT CASE WHEN first_seen_day < CAST(? AS BIGINT) THEN -1
                                    ELSE first_seen_day - CAST(? AS BIGINT) END AS bucket, severe, n
                          FROM finding_arrivals
                         WHERE %s) appeared
                 GROUP BY bucket, severe
                """.formatted(scope(projectId));
        long startDay = start / DAY;
        List<Object> params = new ArrayList<>(List.of(startDay, startDay));
        params.addAll(scopeParams(tenantId, projectId));
        for (long[] row : Sql.list(c, sql, r -> new long[]{r.getLong(1), r.getLong(2), r.getLong(3)},
                params.toArray())) {
            for (int day = (int) Math.max(0, row[0]); day < ends.length; day++) {
                open[day] += row[2];
                severe[day] += row[1] * row[2];
            }
        }
    }

    /** Every history entry since {@code start} of the findings in scope, newest first per finding. */
    private static Map<UUID, List<Change>> changesSince(Connection c, UUID tenantId, UUID projectId, long start)
            throws SQLException {
        String sql = """
                SELECT h.finding_id, h.changed_at, h.from_status, h.to_status, f.first_seen, f.status, f.severity
                  FROM finding_history h
                  JOIN findings f ON f.id = h.finding_id
                 WHERE %s AND h.changed_at >= CAST(? AS BIGINT)
                 ORDER BY h.finding_id, h.changed_at DESC, h.id DESC
                """.formatted(scope(projectId).replace("tenant_id", "f.tenant_id").replace("project_id", "f.project_id"));
        List<Object> params = new ArrayList<>(scopeParams(tenantId, projectId));
        params.add(start);
        Map<UUID, List<Change>> changes = new HashMap<>();
        for (Change change : Sql.list(c, sql, r -> new Change(Sql.uuid(r, "finding_id"), r.getLong("changed_at"),
                r.getString("from_status"), r.getString("to_status"), r.getLong("first_seen"), r.getString("status"), r.getInt("severity")),
                params.toArray())) {
            changes.computeIfAbsent(change.findingId(), id -> new ArrayList<>()).add(change);
        }
        return changes;
    }

    /** Replaces what the count of still-active findings assumed about this finding with its real history. */
    private static void replay(List<Change> newestFirst, long[] ends, long[] open, long[] severe) {
        Change any = newestFirst.getFirst();
        long weight = any.severity() <= Severity.HIGH.rank() ? 1 : 0;
        boolean activeNow = isActive(any.status());
        for (int day = 0; day < ends.length; day++) {
            long end = ends[day];
            String status = any.status();
            for (Change change : newestFirst) {   // the earliest change after the day's end says what it was then
                if (change.at() > end) {
                    status = change.from();
                }
            }
            boolean assumed = activeNow && any.firstSeen() <= end;
            boolean actual = any.firstSeen() <= end && isActive(status);
            long delta = (actual ? 1 : 0) - (assumed ? 1 : 0);
            open[day] += delta;
            severe[day] += delta * weight;
        }
    }

    private static boolean isActive(String status) {
        return status != null && FindingStatus.of(status).isActive();
    }

    private static String scope(UUID projectId) {
        return projectId == null ? "tenant_id = ?" : "tenant_id = ? AND project_id = ?";
    }

    private static List<Object> scopeParams(UUID tenantId, UUID projectId) {
        return projectId == null ? List.of(tenantId) : List.of(tenantId, projectId);
    }
}
