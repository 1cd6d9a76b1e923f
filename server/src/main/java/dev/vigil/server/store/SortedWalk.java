package dev.vigil.server.store;

import dev.vigil.model.Finding;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * A findings page in another sort than the default, read along indexes instead of sorting the tenant
 * (ADR 0068). The sort's order is a run of segments ({@link SortSegments}), each read by seeks and short walks
 * of one index {@code (tenant_id, [fixed column,] [column,] sort_key, id)}:
 * <ul>
 *   <li>an ascending segment is one forward walk from the position;</li>
 *   <li>a descending one keeps its ties ascending, an order that no single walk gives: it reads the rest of the
 *       position's value forwards, walks the index backwards for the values the page spans, puts each value's
 *       rows the right way round, and reads the last value, which the backward walk may have cut, forwards
 *       from its start. Three statements at most, whatever the tenant's size.</li>
 * </ul>
 */
final class SortedWalk {

    /** A condition on {@code findings f} and its parameters; empty for none. */
    record Where(String sql, List<Object> params) {

        static final Where NONE = new Where("", List.of());

        Where {
            params = List.copyOf(params);
        }

        Where and(String condition, List<Object> more) {
            List<Object> all = new ArrayList<>(params);
            all.addAll(more);
            return new Where(sql.isEmpty() ? condition : sql + " AND " + condition, all);
        }
    }

    /**
     * A run of the order: the rows {@code where} holds, by {@code columns} (descending or not), then by sort key
     * and id ascending; {@code fixed} names a column the condition fixes to one value, so that the walk takes the
     * index led by it. {@code after} is the position to start after when it lies in this run; its columns are
     * the run's column values.
     */
    record Segment(Where where, Optional<String> fixed, List<String> columns, boolean descending,
                   Optional<FindingQuery.Key> after) {

        Segment {
            columns = List.copyOf(columns);
        }

        Segment startingAfter(FindingQuery.Key key) {
            return new Segment(where, fixed, columns, descending, Optional.of(key));
        }

        String order(boolean backwards) {
            List<String> order = new ArrayList<>(List.of("f.tenant_id"));
            fixed.ifPresent(order::add);
            order.addAll(columns);
            order.addAll(List.of("f.sort_key", "f.id"));
            return String.join(backwards ? " DESC, " : ", ", order) + (backwards ? " DESC" : "");
        }

        /** The rows whose column values are {@code values}. */
        Where at(List<Object> values) {
            return where.and(String.join(" AND ", columns.stream().map(c -> c + " = ?").toList()), values);
        }
    }

    /** What the walk reads with: up to {@code limit} rows of the query's filter and {@code where}, in {@code order}. */
    @FunctionalInterface
    interface Rows {
        List<Finding> read(Where where, String order, int limit) throws SQLException;
    }

    /** The segments of one sort from a position on, produced as the walk needs them. */
    @FunctionalInterface
    interface Segments {
        Optional<Segment> next() throws SQLException;
    }

    private final Rows rows;
    private final Function<Finding, List<Object>> columnValues;

    /** {@code columnValues}: a row's values of the columns of the sort's segments that have columns. */
    SortedWalk(Rows rows, Function<Finding, List<Object>> columnValues) {
        this.rows = rows;
        this.columnValues = columnValues;
    }

    /** Up to {@code limit} rows in the order of {@code segments}. */
    List<Finding> page(Segments segments, int limit) throws SQLException {
        List<Finding> page = new ArrayList<>();
        while (page.size() < limit) {
            Optional<Segment> next = segments.next();
            if (next.isEmpty()) {
                break;
            }
            int left = limit - page.size();
            page.addAll(next.get().descending() ? backwards(next.get(), left) : forwards(next.get(), left));
        }
        return page;
    }

    private List<Finding> forwards(Segment segment, int limit) throws SQLException {
        Where where = segment.where();
        if (segment.after().isPresent()) {
            FindingQuery.Key key = segment.after().get();
            where = where.and(FindingOrder.after(segment.columns(), false),
                    FindingOrder.afterParams(key.columns(), key.sortKey(), key.id()));
        }
        return rows.read(where, segment.order(false), limit);
    }

    private List<Finding> backwards(Segment segment, int limit) throws SQLException {
        List<Finding> page = new ArrayList<>();
        Where before = segment.where();
        if (segment.after().isPresent()) {
            FindingQuery.Key key = segment.after().get();
            page.addAll(rows.read(segment.at(key.columns()).and(FindingOrder.TIES_AFTER, ties(key.sortKey(), key.id())),
                    segment.order(false), limit));
            if (page.size() == limit) {
                return page;
            }
            before = before.and(FindingOrder.before(segment.columns()), FindingOrder.beforeParams(key.columns()));
        }
        List<Finding> walked = rows.read(before, segment.order(true), limit - page.size());
        List<List<Finding>> values = runsOfOneValue(walked);
        // a full walk may have stopped inside its last value, whose first rows it has not reached
        List<Finding> cut = walked.size() == limit - page.size() ? values.removeLast() : List.of();
        values.forEach(run -> page.addAll(run.reversed()));
        if (!cut.isEmpty()) {
            page.addAll(rows.read(segment.at(columnValues.apply(cut.getFirst())), segment.order(false),
                    limit - page.size()));
        }
        return page;
    }

    private List<List<Finding>> runsOfOneValue(List<Finding> walked) {
        List<List<Finding>> runs = new ArrayList<>();
        List<Object> current = null;
        for (Finding finding : walked) {
            List<Object> value = columnValues.apply(finding);
            if (runs.isEmpty() || !value.equals(current)) {
                runs.add(new ArrayList<>());
                current = value;
            }
            runs.getLast().add(finding);
        }
        return runs;
    }

    private static List<Object> ties(long sortKey, UUID id) {
        return List.of(sortKey, sortKey, id);
    }
}
