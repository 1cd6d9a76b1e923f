package dev.vigil.server.store;

import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;
import dev.vigil.server.scan.Detection;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The batched writes of merging a scan's detections into a project's findings; each records what it changed in
 * the findings' counts ({@link FindingCounts.Changes}), which the merge applies last.
 */
public final class MergeRepository {

    /** A new finding; {@code insert} binds its values in the order of these columns (status is 'open'). */
    private static final int MAX_PATH_CHARS = 1024;
    private static final int MAX_PATH_BYTES = 2000;

    private static final String INSERT_FINDING = """
            INSERT INTO findings (
                id,
                tenant_id,
                project_id,
                fingerprint,
                rule_id,
                severity,
                status,
                scan_type,
                path,
                line,
                title,
                description,
                fix_available,
                is_breaking,
                is_direct,
                cwe,
                sla_deadline,
                first_seen,
                last_seen,
                search_text,
                sort_key,
                dependency_path,
                remediation)
            VALUES (?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """;

    /** What a project already knows of a fingerprint, with what the term index holds of it and where it counts. */
    public record Known(UUID id, FindingStatus status, String path, long sortKey, String searchText,
                        FindingCounts.Place place) {
    }

    /** A known finding that a scan saw again. */
    public record Seen(Known known, Detection detection) {
    }

    /** A new finding to insert. */
    public record NewFinding(UUID id, Detection detection, long firstSeen, Long slaDeadline) {
    }

    /** A status change made by a scan, with its history entry, of a finding that counts at {@code place}. */
    public record ScanChange(UUID id, FindingCounts.Place place, FindingStatus from, FindingStatus to,
                             String action) {
    }

    public Map<String, Known> known(Connection c, UUID projectId, Set<ScanKind> kinds) throws SQLException {
        Map<String, Known> known = new HashMap<>();
        String in = String.join(", ", Collections.nCopies(kinds.size(), "?"));
        Object[] params = new Object[kinds.size() + 1];
        params[0] = projectId;
        int i = 1;
        for (ScanKind kind : kinds) {
            params[i++] = kind.wire();
        }
        for (var row : Sql.list(c, "SELECT id, fingerprint, status, path, sort_key, search_text, tenant_id, project_id,"
                + " severity, scan_type, sla_deadline, first_seen FROM findings WHERE project_id = ? AND scan_type IN ("
                + in + ")",
                row -> Map.entry(row.getString("fingerprint"), new Known(Sql.uuid(row, "id"),
                        FindingStatus.of(row.getString("status")), row.getString("path"), row.getLong("sort_key"),
                        row.getString("search_text"), FindingCounts.place(row))), params)) {
            known.put(row.getKey(), row.getValue());
        }
        return known;
    }

    public void insert(Connection c, UUID tenantId, UUID projectId, Collection<NewFinding> rows,
                       FindingCounts.Changes counts) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        try (PreparedStatement statement = c.prepareStatement(INSERT_FINDING)) {
            for (NewFinding row : rows) {
                Detection d = row.detection();
                Sql.bind(statement,
                        row.id(),
                        tenantId,
                        projectId,
                        d.fingerprint(),
                        d.ruleId(),
                        d.severity().rank(),
                        d.kind().wire(),
                        storedPath(d.path()),
                        d.line(),
                        clip(d.title(), 500),
                        clip(d.description(), 4000),
                        clip(d.fixAvailable(), 1000),
                        d.isBreaking(),
                        d.isDirect(),
                        d.cwe(),
                        row.slaDeadline(),
                        row.firstSeen(),
                        row.firstSeen(),
                        searchText(d),
                        SortKey.of(d.severity(), row.firstSeen()),
                        DependencyColumns.path(d),
                        DependencyColumns.remediation(d));
                statement.addBatch();
                counts.inserted(new FindingCounts.Place(tenantId, projectId, d.severity(), d.kind(),
                        row.slaDeadline(), row.firstSeen()));
            }
            statement.executeBatch();
        }
        SearchIndex.add(c, tenantId, rows.stream().map(row -> new SearchIndex.Entry(row.id(),
                SortKey.of(row.detection().severity(), row.firstSeen()), searchText(row.detection()))).toList());
        FindingContextRepository.insert(c, rows.stream()
                .map(row -> new FindingContextRepository.Entry(row.id(), row.detection().context())).toList());
    }

    /**
     * Refreshes what a scan saw again: last_seen, location, details and the code around it, never the triage
     * status; re-indexes the findings whose search text or list position changed. A finding re-rated moves in the counts with the
     * status it has under this update's lock (triage may have changed it since it was known).
     */
    public void refresh(Connection c, UUID tenantId, List<Seen> seen, long now, FindingCounts.Changes counts)
            throws SQLException {
        if (seen.isEmpty()) {
            return;
        }
        try (PreparedStatement statement = c.prepareStatement("""
                UPDATE findings SET last_seen = ?, path = ?, line = ?, rule_id = ?, severity = ?, title = ?,
                                    description = ?, fix_available = ?, is_breaking = ?, is_direct = ?, cwe = ?,
                                    search_text = ?, sort_key = ? + first_seen, dependency_path = ?, remediation = ?
                WHERE id = ?
                """)) {
            for (Seen entry : seen) {
                Detection d = entry.detection();
                Sql.bind(statement, now, storedPath(d.path()), d.line(), d.ruleId(), d.severity().rank(),
                        clip(d.title(), 500), clip(d.description(), 4000), clip(d.fixAvailable(), 1000),
                        d.isBreaking(), d.isDirect(), d.cwe(), searchText(d), SortKey.of(d.severity(), 0),
                        DependencyColumns.path(d), DependencyColumns.remediation(d), entry.known().id());
                statement.addBatch();
            }
            statement.executeBatch();
        }
        for (Seen entry : seen) {
            FindingCounts.Place place = entry.known().place();
            if (place.severity() != entry.detection().severity()) {
                FindingStatus status = Sql.one(c, "SELECT status FROM findings WHERE id = ?",
                        row -> FindingStatus.of(row.getString("status")), entry.known().id()).orElseThrow();
                counts.rerated(place, entry.detection().severity(), status);
            }
        }
        reindex(c, tenantId, seen);
        FindingContextRepository.replace(c, seen.stream()
                .map(entry -> new FindingContextRepository.Entry(entry.known().id(), entry.detection().context()))
                .toList());
    }

    private static void reindex(Connection c, UUID tenantId, List<Seen> seen) throws SQLException {
        List<SearchIndex.Entry> before = new ArrayList<>();
        List<SearchIndex.Entry> after = new ArrayList<>();
        for (Seen entry : seen) {
            Known k = entry.known();
            Detection d = entry.detection();
            // the severity band changes, first_seen never does: sort_key's band plus the old key's remainder
            long sortKey = SortKey.of(d.severity(), SortKey.firstSeen(k.sortKey()));
            String text = searchText(d);
            if (sortKey != k.sortKey() || !text.equals(k.searchText())) {
                before.add(new SearchIndex.Entry(k.id(), k.sortKey(), k.searchText()));
                after.add(new SearchIndex.Entry(k.id(), sortKey, text));
            }
        }
        SearchIndex.remove(c, tenantId, before);
        SearchIndex.add(c, tenantId, after);
    }

    /**
     * Applies scan-driven status changes (reopen a regression, resolve what vanished) with their history. A
     * change of a finding whose status triage changed meanwhile does not apply: it is neither logged nor counted.
     */
    public void change(Connection c, List<ScanChange> changes, long now, String actor, FindingCounts.Changes counts)
            throws SQLException {
        if (changes.isEmpty()) {
            return;
        }
        try (PreparedStatement update = c.prepareStatement("UPDATE findings SET status = ? WHERE id = ? AND status = ?");
             PreparedStatement log = c.prepareStatement("""
                     INSERT INTO finding_history (finding_id, changed_at, actor, from_status, to_status, action, reason)
                     VALUES (?, ?, ?, ?, ?, ?, NULL)
                     """)) {
            for (ScanChange change : changes) {
                Sql.bind(update, change.to().wire(), change.id(), change.from().wire());
                update.addBatch();
            }
            int[] updated = update.executeBatch();
            for (int i = 0; i < updated.length; i++) {
                ScanChange change = changes.get(i);
                if (updated[i] == 1) {
                    Sql.bind(log, change.id(), now, actor, change.from().wire(), change.to().wire(), change.action());
                    log.addBatch();
                    counts.moved(change.place(), change.from(), change.to());
                }
            }
            log.executeBatch();
        }
    }

    /** History entries of findings a scan created. */
    public void logDetected(Connection c, Collection<NewFinding> rows, long now, String actor) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        try (PreparedStatement log = c.prepareStatement("""
                INSERT INTO finding_history (finding_id, changed_at, actor, from_status, to_status, action, reason)
                VALUES (?, ?, ?, NULL, 'open', 'detected', NULL)
                """)) {
            for (NewFinding row : rows) {
                Sql.bind(log, row.id(), now, actor);
                log.addBatch();
            }
            log.executeBatch();
        }
    }

    static String searchText(Detection d) {
        String text = String.join(" ", d.ruleId(), d.title(), d.description(), d.location(),
                String.join(" ", d.aliases())).toLowerCase(Locale.ROOT);
        return clip(text, 6000);
    }

    /**
     * A path as {@code findings} keeps it: at most 1,024 characters and 2,000 bytes of UTF-8, cut between code
     * points, so that its entry in {@code findings_by_location} stays below PostgreSQL's largest index entry
     * (2,704 bytes) whatever characters an archive's names hold (ADR 0068).
     */
    static String storedPath(String path) {
        int bytes = 0;
        int end = 0;
        while (end < path.length()) {
            int codePoint = path.codePointAt(end);
            int size = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
            int next = end + Character.charCount(codePoint);
            if (bytes + size > MAX_PATH_BYTES || next > MAX_PATH_CHARS) {
                break;
            }
            bytes += size;
            end = next;
        }
        return path.substring(0, end);
    }

    private static String clip(String text, int max) {
        return text == null || text.length() <= max ? text : text.substring(0, max);
    }
}
