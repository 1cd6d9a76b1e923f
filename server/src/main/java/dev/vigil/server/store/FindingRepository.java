package dev.vigil.server.store;

import dev.vigil.model.Finding;
import dev.vigil.model.FindingDetail;
import dev.vigil.model.FindingSort;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Findings as the API reads them: filtered keyset pages, single rows, triage updates, export cursors. */
public final class FindingRepository {

    // no join: the project's name and the assignee's email come from DisplayNames
    private static final String COLUMNS = """
            SELECT f.id, f.fingerprint, f.project_id, f.rule_id, f.severity, f.status, f.scan_type, f.path, f.line,
                   f.description, f.fix_available, f.is_breaking, f.is_direct, f.cwe, f.assigned_to_user_id,
                   f.accepted_by, f.accepted_reason, f.accepted_until, f.sla_deadline, f.first_seen, f.last_seen
            """;

    private final Dialect dialect;
    private final PostingCounts postingCounts = new PostingCounts();
    private final DisplayNames names = new DisplayNames();

    public FindingRepository(Dialect dialect) {
        this.dialect = dialect;
    }

    /**
     * A page of {@code limit + 1} rows in list order, read along the index the query names, or, for a search,
     * along the postings of its most selective word ({@link SearchIndex}); in another sort, along the sort's
     * segments ({@link SortedWalk}, ADR 0068).
     */
    public List<Finding> page(Connection c, FindingQuery query, int limit, long now) throws SQLException {
        SearchIndex.Plan plan = plan(c, query);
        if (walks(query, plan)) {
            SortedWalk walk = new SortedWalk((where, order, n) -> segmentRows(c, query, where, order, n, now),
                    finding -> FindingOrder.values(query.sort(), finding));
            return walk.page(SortSegments.of(c, dialect, query), limit + 1);
        }
        Ids ids = ids(c, query, plan, limit + 1);
        return Sql.list(c, inPage(ids), row -> map(c, row, now), ids.params());
    }

    /**
     * Whether a page of {@code query} is read along its sort's segments ({@link SortedWalk}) rather than by one id
     * query: any sort but the default, unless the filter is narrow or a search's postings few.
     */
    public boolean walks(Connection c, FindingQuery query) throws SQLException {
        return walks(query, plan(c, query));
    }

    private static boolean walks(FindingQuery query, SearchIndex.Plan plan) {
        return !query.sort().isDefault() && !query.narrow() && !plan.few();
    }

    private List<Finding> segmentRows(Connection c, FindingQuery query, SortedWalk.Where where, String order,
                                      int limit, long now) throws SQLException {
        List<Object> params = new ArrayList<>(query.params());
        params.addAll(where.params());
        return Sql.list(c, COLUMNS + " FROM findings f WHERE " + query.where()
                + (where.sql().isEmpty() ? "" : " AND " + where.sql()) + " ORDER BY " + order
                + dialect.limitUsingIndex(limit), row -> map(c, row, now), params.toArray());
    }

    /** How many rows match, counting no further than {@code cap} (so a huge tenant costs no more). */
    public long countUpTo(Connection c, FindingQuery query, int cap) throws SQLException {
        Ids ids = idQuery(c, query.unsorted(), cap);
        return Sql.count(c, "SELECT COUNT(*) FROM (" + ids.sql() + ") capped", ids.params());
    }

    public long count(Connection c, FindingQuery query) throws SQLException {
        return Sql.count(c, "SELECT COUNT(*) FROM findings f WHERE " + query.where(), query.params().toArray());
    }

    /**
     * The id query of a page: what it reads ({@code from}, with {@code findings} as {@code f}), its WHERE,
     * ORDER BY and LIMIT ({@code rest}), and its parameters.
     */
    public record Ids(String from, String rest, Object[] params) {

        /** The query of the ids alone. */
        public String sql() {
            return "SELECT f.id FROM " + from + rest;
        }
    }

    /** The id query that a page of {@code limit} rows runs when it is not walked (also the benchmark's plans). */
    public Ids idQuery(Connection c, FindingQuery query, int limit) throws SQLException {
        return ids(c, query, plan(c, query), limit);
    }

    /**
     * The page's rows, read in the same walk that picks the ids, so that no row is looked up again by its
     * primary key.
     */
    private static String inPage(Ids ids) {
        return COLUMNS + " FROM " + ids.from() + ids.rest();
    }

    private SearchIndex.Plan plan(Connection c, FindingQuery query) throws SQLException {
        return query.search().isPresent()
                ? SearchIndex.plan(c, query.tenantId(), query.search().get(), postingCounts) : SearchIndex.Plan.WALK;
    }

    private Ids ids(Connection c, FindingQuery query, SearchIndex.Plan plan, int limit) throws SQLException {
        if (!query.sort().isDefault()) {
            return sortedIds(c, query, plan, limit);
        }
        List<Object> params = new ArrayList<>();
        String from;
        String rest;
        if (plan.walk()) {
            from = "findings f";
            rest = " WHERE " + query.where() + " ORDER BY " + query.orderBy() + dialect.limitUsingIndex(limit);
        } else if (plan.words().size() == 1) {
            // one word: its postings are in list order, so the walk stops at the page like any filter's
            params.addAll(List.of(query.tenantId(), plan.words().getFirst()));
            from = "finding_terms t JOIN findings f ON f.id = t.finding_id";
            rest = " WHERE t.tenant_id = ? AND t.term = " + dialect.unplannedParameter()
                    + postingsAfter(query, params) + " AND " + query.where()
                    + " ORDER BY t.tenant_id, t.term, t.sort_key, t.finding_id" + dialect.limitUsingIndex(limit);
        } else {
            // a few words with few postings between them: all their findings, sorted
            params.addAll(List.of(query.tenantId(), c.createArrayOf("VARCHAR", plan.words().toArray())));
            from = "(SELECT DISTINCT t.finding_id FROM finding_terms t WHERE t.tenant_id = ? AND "
                    + dialect.inArray("t.term") + postingsAfter(query, params)
                    + ") t JOIN findings f ON f.id = t.finding_id";
            rest = " WHERE " + query.where() + " ORDER BY f.sort_key, f.id LIMIT " + limit;
        }
        params.addAll(query.params());
        return new Ids(from, rest, params.toArray());
    }

    /**
     * The id query of a narrow filter (one project or assignee) in another order than the default: the filter's
     * rows, sorted; for a search whose postings are few, all of the findings they hold.
     */
    private Ids sortedIds(Connection c, FindingQuery query, SearchIndex.Plan plan, int limit) throws SQLException {
        FindingSort sort = query.sort();
        String projects = FindingOrder.joinsProjects(sort) ? " JOIN projects p ON p.id = f.project_id" : "";
        List<Object> filter = new ArrayList<>(query.params());
        String order = " WHERE " + query.where();
        if (query.after().isPresent()) {
            FindingQuery.Key key = query.after().get();
            order += " AND " + FindingOrder.after(sort);
            filter.addAll(FindingOrder.afterParams(key.columns(), key.sortKey(), key.id()));
        }
        order += " ORDER BY " + FindingOrder.orderBy(sort);
        if (!plan.few()) {
            // no USING INDEX: HSQLDB would walk the sort's index over the whole tenant instead of the filter's
            return new Ids("findings f" + projects, order + " LIMIT " + limit, filter.toArray());
        }
        List<Object> params = new ArrayList<>(List.of(query.tenantId(), c.createArrayOf("VARCHAR",
                plan.words().toArray())));
        params.addAll(filter);
        return new Ids("(SELECT DISTINCT t.finding_id FROM finding_terms t WHERE t.tenant_id = ? AND "
                + dialect.inArray("t.term") + ") t JOIN findings f ON f.id = t.finding_id" + projects,
                order + " LIMIT " + limit, params.toArray());
    }

    /** The keyset position on the postings too, so that the seek starts there (the WHERE repeats it on f). */
    private static String postingsAfter(FindingQuery query, List<Object> params) {
        if (query.after().isEmpty()) {
            return "";
        }
        FindingQuery.Key key = query.after().get();
        params.addAll(List.of(key.sortKey(), key.sortKey(), key.id()));
        return " AND t.sort_key >= ? AND NOT (t.sort_key = ? AND t.finding_id <= ?)";
    }

    public Optional<Finding> find(Connection c, UUID tenantId, UUID id, long now) throws SQLException {
        return Sql.one(c, COLUMNS + " FROM findings f WHERE f.tenant_id = ? AND f.id = ?", row -> map(c, row, now),
                tenantId, id);
    }

    /** A finding with what its detail adds from the store; the context and both dependency columns may be null. */
    public record Detailed(Finding finding, FindingDetail.Context context, DependencyColumns.Stored dependency) {
    }

    /** The finding, its kept context and its dependency columns, in one statement. */
    public Optional<Detailed> detail(Connection c, UUID tenantId, UUID id, long now) throws SQLException {
        return Sql.one(c, COLUMNS + """
                     , f.dependency_path, f.remediation, x.start_line, x.lines
                FROM findings f LEFT JOIN finding_context x ON x.finding_id = f.id
                WHERE f.tenant_id = ? AND f.id = ?
                """, row -> new Detailed(map(c, row, now), FindingContextRepository.read(row),
                DependencyColumns.read(row)), tenantId, id);
    }

    /** Streams the first {@code limit} rows of {@code query} in list order to {@code sink}. */
    public void forEach(Connection c, FindingQuery query, int limit, long now, RowSink sink)
            throws SQLException, IOException {
        Ids ids = idQuery(c, query, limit);
        try (PreparedStatement statement = Sql.prepare(c, inPage(ids), ids.params())) {
            statement.setFetchSize(500);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    sink.accept(map(c, rows, now));
                }
            }
        }
    }

    /**
     * Moves a finding from {@code from} to {@code to}, and records the move in {@code counts} with the finding's
     * place read under the update's lock; false when its status changed meanwhile.
     */
    public boolean changeStatus(Connection c, UUID id, FindingStatus from, FindingStatus to, String acceptedBy,
                                String acceptedReason, LocalDate acceptedUntil, FindingCounts.Changes counts)
            throws SQLException {
        boolean moved = Sql.update(c, """
                UPDATE findings SET status = ?, accepted_by = ?, accepted_reason = ?, accepted_until = ?
                WHERE id = ? AND status = ?
                """, to.wire(), acceptedBy, acceptedReason, acceptedUntil, id, from.wire()) == 1;
        if (moved) {
            counts.moved(FindingCounts.place(c, id), from, to);
        }
        return moved;
    }

    public void assign(Connection c, UUID id, UUID userId) throws SQLException {
        Sql.update(c, "UPDATE findings SET assigned_to_user_id = ? WHERE id = ?", userId, id);
    }

    /** Accepted findings whose acceptance ended before {@code today}: (id, tenant) pairs. */
    public List<UUID> acceptanceExpired(Connection c, LocalDate today, int limit) throws SQLException {
        return Sql.list(c, "SELECT id FROM findings WHERE status = 'accepted' AND accepted_until < ? LIMIT ?",
                row -> Sql.uuid(row, "id"), today, limit);
    }

    private Finding map(Connection c, ResultSet row, long now) throws SQLException {
        FindingStatus status = FindingStatus.of(row.getString("status"));
        Long deadline = Sql.nullableLong(row, "sla_deadline");
        boolean breached = deadline != null && status.isActive() && now > deadline;
        UUID projectId = Sql.uuid(row, "project_id");
        UUID assigneeId = Sql.uuid(row, "assigned_to_user_id");
        return new Finding(Sql.uuid(row, "id"), row.getString("fingerprint"), projectId, names.project(c, projectId),
                row.getString("rule_id"), Severity.ofRank(row.getInt("severity")), status,
                ScanKind.of(row.getString("scan_type")), row.getString("path") + ":" + row.getInt("line"),
                row.getString("description"), row.getString("fix_available"), row.getBoolean("is_breaking"),
                row.getBoolean("is_direct"), row.getString("cwe"),
                assigneeId == null ? null : names.user(c, assigneeId), assigneeId, row.getString("accepted_by"),
                row.getString("accepted_reason"), Sql.date(row, "accepted_until"),
                deadline == null ? null : Instant.ofEpochMilli(deadline), breached,
                Instant.ofEpochMilli(row.getLong("first_seen")), Instant.ofEpochMilli(row.getLong("last_seen")));
    }

    @FunctionalInterface
    public interface RowSink {
        void accept(Finding finding) throws IOException;
    }
}
