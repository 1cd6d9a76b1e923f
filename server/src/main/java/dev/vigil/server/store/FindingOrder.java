package dev.vigil.server.store;

import dev.vigil.model.Finding;
import dev.vigil.model.FindingSort;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The SQL of a findings sort: the columns it orders by before the default order ({@code sort_key, id}), the
 * ORDER BY, and the keyset condition of the rows after a position. A deadline-less finding sorts as if its
 * deadline were the latest possible one; a location sorts by path, then line as a number.
 */
public final class FindingOrder {

    /** How a sort column's value is held in a cursor. */
    public enum Type { TEXT, NUMBER }

    private record Column(String sql, Type type) {
    }

    /** The rows after a position's sort key and id in the default order: one range seek on any of its indexes. */
    static final String TIES_AFTER = "f.sort_key >= ? AND NOT (f.sort_key = ? AND f.id <= ?)";

    private static final String NO_DEADLINE = Long.toString(Long.MAX_VALUE);

    private FindingOrder() {
    }

    private static List<Column> columns(FindingSort sort) {
        return switch (sort.column()) {
            // ascending severity is the default order itself: the sort key leads with the severity
            case SEVERITY -> sort.descending() ? List.of(new Column("f.severity", Type.NUMBER)) : List.of();
            case STATUS -> List.of(new Column("f.status", Type.TEXT));
            case RULE_ID -> List.of(new Column("f.rule_id", Type.TEXT));
            case LOCATION -> List.of(new Column("f.path", Type.TEXT), new Column("f.line", Type.NUMBER));
            case PROJECT_NAME -> List.of(new Column("p.name", Type.TEXT));
            case SLA_DEADLINE -> List.of(new Column("COALESCE(f.sla_deadline, " + NO_DEADLINE + ")", Type.NUMBER));
            case FIRST_SEEN -> List.of(new Column("f.first_seen", Type.NUMBER));
            case LAST_SEEN -> List.of(new Column("f.last_seen", Type.NUMBER));
        };
    }

    /** The types of the values a position under {@code sort} holds before its sort key and id. */
    public static List<Type> types(FindingSort sort) {
        return columns(sort).stream().map(Column::type).toList();
    }

    /** Whether the sort reads the project's name, so that the query joins {@code projects} as {@code p}. */
    static boolean joinsProjects(FindingSort sort) {
        return sort.column() == FindingSort.Column.PROJECT_NAME;
    }

    static String orderBy(FindingSort sort) {
        StringBuilder order = new StringBuilder("f.tenant_id");
        for (Column column : columns(sort)) {
            order.append(", ").append(column.sql()).append(sort.descending() ? " DESC" : "");
        }
        return order.append(", f.sort_key, f.id").toString();
    }

    /**
     * The rows after a position, as {@code (c1 > ? OR c1 = ? AND (c2 > ? OR ...))} ({@code <} descending),
     * led by {@code c1 >= ?} so that an index on the first column is entered at the position.
     */
    static String after(FindingSort sort) {
        return after(columns(sort).stream().map(Column::sql).toList(), sort.descending());
    }

    /** {@link #after(FindingSort)} over the given columns: in their order, descending or not, then the ties. */
    static String after(List<String> columns, boolean descending) {
        if (columns.isEmpty()) {
            return TIES_AFTER;
        }
        String tail = "(f.sort_key > ? OR f.sort_key = ? AND f.id > ?)";
        String op = descending ? " <" : " >";
        for (String column : columns.reversed()) {
            tail = "(" + column + op + " ? OR " + column + " = ? AND " + tail + ")";
        }
        return columns.getFirst() + op + "= ? AND " + tail;
    }

    /**
     * The rows whose column values come before {@code values} in the columns' ascending order, ties aside:
     * {@code c1 < ?}, or {@code c1 <= ? AND (c1 < ? OR c1 = ? AND c2 < ?)}, led so that an index is entered there.
     */
    static String before(List<String> columns) {
        String tail = columns.getLast() + " < ?";
        for (String column : columns.subList(0, columns.size() - 1).reversed()) {
            tail = "(" + column + " < ? OR " + column + " = ? AND " + tail + ")";
        }
        return columns.size() == 1 ? tail : columns.getFirst() + " <= ? AND " + tail;
    }

    /** The parameters of {@link #before} for a position's column values. */
    static List<Object> beforeParams(List<Object> values) {
        List<Object> params = new ArrayList<>();
        if (values.size() > 1) {
            params.add(values.getFirst());
        }
        for (Object value : values.subList(0, values.size() - 1)) {
            params.add(value);
            params.add(value);
        }
        params.add(values.getLast());
        return params;
    }

    /** The parameters of {@link #after} for a position: its column values, sort key and id. */
    static List<Object> afterParams(List<Object> values, long sortKey, UUID id) {
        List<Object> params = new ArrayList<>();
        if (!values.isEmpty()) {
            params.add(values.getFirst());
        }
        for (Object value : values) {
            params.add(value);
            params.add(value);
        }
        params.addAll(List.of(sortKey, sortKey, id));
        return params;
    }

    /** The column values of {@code finding} under {@code sort}: what a cursor after it holds. */
    public static List<Object> values(FindingSort sort, Finding finding) {
        return switch (sort.column()) {
            case SEVERITY -> sort.descending() ? List.of((long) finding.severity().rank()) : List.of();
            case STATUS -> List.of(finding.status().wire());
            case RULE_ID -> List.of(finding.ruleId());
            case LOCATION -> location(finding.location());
            case PROJECT_NAME -> List.of(finding.projectName());
            case SLA_DEADLINE -> List.of(finding.slaDeadline() == null ? Long.MAX_VALUE
                    : finding.slaDeadline().toEpochMilli());
            case FIRST_SEEN -> List.of(finding.firstSeen().toEpochMilli());
            case LAST_SEEN -> List.of(finding.lastSeen().toEpochMilli());
        };
    }

    /** A location {@code path:line} as its path and line (a path may hold colons; the line follows the last). */
    private static List<Object> location(String location) {
        int colon = location.lastIndexOf(':');
        return List.of(location.substring(0, colon), Long.parseLong(location.substring(colon + 1)));
    }
}
