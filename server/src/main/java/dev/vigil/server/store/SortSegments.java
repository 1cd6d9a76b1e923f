package dev.vigil.server.store;

import dev.vigil.model.FindingSort;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.Severity;
import dev.vigil.server.store.SortedWalk.Segment;
import dev.vigil.server.store.SortedWalk.Where;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * The segments of a sort's order (ADR 0068), from a position on, each served by an index:
 * <ul>
 *   <li>{@code rule_id}, {@code first_seen}, {@code last_seen}, {@code location} (path, then line): one segment
 *       by the column;</li>
 *   <li>{@code -severity}: the severity bands of {@code findings_order}, info first ({@link SortKey});</li>
 *   <li>{@code status}: one segment per status, in the order of the names;</li>
 *   <li>{@code project_name}: one segment per project in the order of the names, read a hundred at a time;</li>
 *   <li>{@code sla_deadline}: the findings with a deadline by their deadline, then those without, as if theirs
 *       were the latest; descending, the other way round.</li>
 * </ul>
 */
final class SortSegments {

    private static final int PROJECTS_PER_READ = 100;
    private static final String DEADLINE = "f.sla_deadline";

    private SortSegments() {
    }

    /** The segments of the query's sort from its position on. */
    static SortedWalk.Segments of(Connection c, Dialect dialect, FindingQuery query) {
        FindingSort sort = query.sort();
        Optional<FindingQuery.Key> after = query.after();
        return switch (sort.column()) {
            case SEVERITY -> values(List.copyOf(Arrays.stream(Severity.values()).map(s -> (long) s.rank())
                    .sorted(Comparator.reverseOrder()).toList()), SortSegments::band, after);
            case STATUS -> values(List.copyOf(Arrays.stream(FindingStatus.values()).map(FindingStatus::wire)
                    .sorted(sort.descending() ? Comparator.reverseOrder() : Comparator.naturalOrder()).toList()),
                    status -> new Segment(new Where("f.status = ?", List.of(status)), Optional.of("f.status"),
                            List.of(), false, Optional.empty()), after);
            case PROJECT_NAME -> new ProjectSegments(c, dialect, query, sort.descending());
            case SLA_DEADLINE -> deadlines(sort.descending(), after);
            case RULE_ID -> columns(List.of("f.rule_id"), sort, after);
            case LOCATION -> columns(List.of("f.path", "f.line"), sort, after);
            case FIRST_SEEN -> columns(List.of("f.first_seen"), sort, after);
            case LAST_SEEN -> columns(List.of("f.last_seen"), sort, after);
        };
    }

    private static SortedWalk.Segments columns(List<String> columns, FindingSort sort,
                                               Optional<FindingQuery.Key> after) {
        return listed(List.of(new Segment(Where.NONE, Optional.empty(), columns, sort.descending(), after)));
    }

    private static Segment band(Object rank) {
        Severity severity = Severity.ofRank(((Long) rank).intValue());
        return new Segment(new Where("f.sort_key >= ? AND f.sort_key < ?",
                List.of(SortKey.bandStart(severity), SortKey.bandEnd(severity))), Optional.empty(), List.of(),
                false, Optional.empty());
    }

    /** One segment per value, in the order given, from the position's value on (none for a value not listed). */
    private static SortedWalk.Segments values(List<Object> values, Function<Object, Segment> of,
                                              Optional<FindingQuery.Key> after) {
        int start = after.map(key -> values.indexOf(key.columns().getFirst())).orElse(0);
        if (start < 0) {
            return listed(List.of());
        }
        List<Segment> segments = values.subList(start, values.size()).stream().map(of).toList();
        return listed(after.map(key -> startFirstAfter(segments, key)).orElse(segments));
    }

    private static SortedWalk.Segments deadlines(boolean descending, Optional<FindingQuery.Key> after) {
        Segment dated = new Segment(new Where(DEADLINE + " >= ? AND " + DEADLINE + " < ?",
                List.of(Long.MIN_VALUE, Long.MAX_VALUE)), Optional.empty(), List.of(DEADLINE), descending,
                Optional.empty());
        Segment undated = new Segment(new Where(DEADLINE + " IS NULL", List.of()), Optional.of(DEADLINE),
                List.of(), false, Optional.empty());
        if (after.isEmpty()) {
            return listed(descending ? List.of(undated, dated) : List.of(dated, undated));
        }
        FindingQuery.Key key = after.get();
        if (Long.valueOf(Long.MAX_VALUE).equals(key.columns().getFirst())) {
            return listed(startFirstAfter(descending ? List.of(undated, dated) : List.of(undated), key));
        }
        Segment from = dated.startingAfter(key);
        return listed(descending ? List.of(from) : List.of(from, undated));
    }

    /** The segments with the first one started after the position's sort key and id (its value is the segment's). */
    private static List<Segment> startFirstAfter(List<Segment> segments, FindingQuery.Key key) {
        List<Segment> started = new ArrayList<>(segments);
        if (!started.isEmpty()) {
            started.set(0, started.getFirst().startingAfter(new FindingQuery.Key(key.sortKey(), key.id())));
        }
        return started;
    }

    private static SortedWalk.Segments listed(List<Segment> segments) {
        Iterator<Segment> next = segments.iterator();
        return () -> next.hasNext() ? Optional.of(next.next()) : Optional.empty();
    }

    /**
     * A segment per project of the tenant, in the order of the names, read a hundred at a time. On PostgreSQL the
     * read skips the projects without a finding the filter matches; on HSQLDB, where that test would run for every
     * project first ({@link Dialect#testsExistsAlongAWalk}), each such project is an empty segment, about 20 µs.
     */
    private static final class ProjectSegments implements SortedWalk.Segments {

        private final Connection c;
        private final Dialect dialect;
        private final FindingQuery query;
        private final boolean descending;
        private final Optional<FindingQuery.Key> after;
        private final Deque<Segment> read = new ArrayDeque<>();
        private String lastName;
        private boolean done;

        ProjectSegments(Connection c, Dialect dialect, FindingQuery query, boolean descending) {
            this.c = c;
            this.dialect = dialect;
            this.query = query;
            this.descending = descending;
            this.after = query.after();
        }

        @Override
        public Optional<Segment> next() throws SQLException {
            if (read.isEmpty() && !done) {
                readMore();
            }
            return Optional.ofNullable(read.poll());
        }

        private void readMore() throws SQLException {
            boolean first = lastName == null;
            Optional<String> from = first ? after.map(key -> (String) key.columns().getFirst()) : Optional.of(lastName);
            String op = descending ? "<" : ">";
            List<Object> params = new ArrayList<>(List.of(query.tenantId()));
            from.ifPresent(params::add);
            String matching = "";
            if (dialect.testsExistsAlongAWalk()) {
                matching = " AND EXISTS (SELECT 1 FROM findings f WHERE " + query.where() + " AND f.project_id = p.id)";
                params.addAll(query.params());
            }
            List<Project> projects = Sql.list(c, "SELECT p.id, p.name FROM projects p WHERE p.tenant_id = ?"
                    + from.map(n -> " AND p.name " + op + (first ? "= ?" : " ?")).orElse("") + matching
                    + " ORDER BY p.name" + (descending ? " DESC" : "") + " LIMIT " + PROJECTS_PER_READ,
                    row -> new Project(Sql.uuid(row, "id"), row.getString("name")), params.toArray());
            for (Project project : projects) {
                Segment segment = new Segment(new Where("f.project_id = ?", List.of(project.id())),
                        Optional.of("f.project_id"), List.of(), false, Optional.empty());
                boolean holdsPosition = first && from.isPresent() && project.name().equals(from.get());
                read.add(holdsPosition ? startFirstAfter(List.of(segment), after.get()).getFirst() : segment);
            }
            done = projects.size() < PROJECTS_PER_READ;
            lastName = projects.isEmpty() ? lastName : projects.getLast().name();
        }

        private record Project(UUID id, String name) {
        }
    }
}
