package dev.vigil.server.store;

import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingSort;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.Severity;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * The WHERE clause of a findings filter, its parameters, and the ORDER BY that walks the index serving
 * the most selective equality filter in the default order; built once for list, count and export. A search also
 * keeps its lower-cased text and the keyset position, for {@link FindingRepository} to seek the term index
 * ({@link SearchIndex}) instead of walking {@code orderBy}; {@code where} holds its substring test either way.
 * In another {@code sort}, the position is left out of {@code where}: the repository reads it from {@code after},
 * along the sort's own indexes, or by sorting the rows of a {@code narrow} filter (one project or assignee).
 */
public record FindingQuery(UUID tenantId, String where, List<Object> params, String orderBy, Optional<String> search,
                           Optional<Key> after, FindingSort sort, boolean narrow) {

    /**
     * The position of a finding in the list: the values of the sort's columns ({@link FindingOrder#values}),
     * none in the default order, then its sort key and id.
     */
    public record Key(long sortKey, UUID id, List<Object> columns) {
        public Key {
            columns = List.copyOf(columns);
        }

        public Key(long sortKey, UUID id) {
            this(sortKey, id, List.of());
        }
    }

    public static FindingQuery of(UUID tenantId, FindingFilter filter) {
        return of(tenantId, filter, FindingSort.DEFAULT);
    }

    /** The query of a filter in the order of {@code sort}. */
    public static FindingQuery of(UUID tenantId, FindingFilter filter, FindingSort sort) {
        StringBuilder where = new StringBuilder("f.tenant_id = ?");
        List<Object> params = new ArrayList<>(List.of(tenantId));
        if (!filter.severities().isEmpty()) {
            Severity first = Collections.min(filter.severities());
            Severity last = Collections.max(filter.severities());
            where.append(" AND f.sort_key >= ? AND f.sort_key < ? AND f.severity IN (")
                    .append(placeholders(filter.severities().size())).append(')');
            params.add(SortKey.bandStart(first));
            params.add(SortKey.bandEnd(last));
            filter.severities().stream().map(Severity::rank).forEach(params::add);
        }
        if (filter.statuses().size() == 1) {
            // an equality, not IN (?): HSQLDB seeks the status index only on equalities
            append(where, params, "f.status = ?", filter.statuses().iterator().next().wire());
        } else if (!filter.statuses().isEmpty()) {
            where.append(" AND f.status IN (").append(placeholders(filter.statuses().size())).append(')');
            filter.statuses().stream().map(FindingStatus::wire).forEach(params::add);
        }
        filter.scanType().ifPresent(kind -> append(where, params, "f.scan_type = ?", kind.wire()));
        filter.projectId().ifPresent(id -> append(where, params, "f.project_id = ?", id));
        filter.assignedToUserId().ifPresent(id -> append(where, params, "f.assigned_to_user_id = ?", id));
        Optional<String> search = filter.search().map(text -> text.toLowerCase(Locale.ROOT));
        // not a LIKE: PostgreSQL estimates a LIKE from its pattern, which would make each search's plan differ
        // from the generic one (Dialect.unplannedParameter); a POSITION is estimated alike for any text
        search.ifPresent(text -> append(where, params, "POSITION(? IN f.search_text) > 0", text));
        boolean narrow = filter.projectId().isPresent() || filter.assignedToUserId().isPresent();
        return new FindingQuery(tenantId, where.toString(), List.copyOf(params), orderBy(filter), search,
                Optional.empty(), sort, narrow);
    }

    /** The index to walk: the one whose leading equality column the filter fixes, else the plain order. */
    private static String orderBy(FindingFilter filter) {
        String prefix = "f.tenant_id, ";
        if (filter.projectId().isPresent()) {
            prefix += "f.project_id, ";
        } else if (filter.assignedToUserId().isPresent()) {
            prefix += "f.assigned_to_user_id, ";
        } else if (filter.statuses().size() == 1) {
            prefix += "f.status, ";
        } else if (filter.scanType().isPresent()) {
            prefix += "f.scan_type, ";
        }
        return prefix + "f.sort_key, f.id";
    }

    /**
     * This query restricted to the rows after {@code key} in list order: in the default order, one range seek on
     * the index.
     */
    public FindingQuery after(Key key) {
        if (!sort.isDefault()) {
            return new FindingQuery(tenantId, where, params, orderBy, search, Optional.of(key), sort, narrow);
        }
        List<Object> all = new ArrayList<>(params);
        all.addAll(List.of(key.sortKey(), key.sortKey(), key.id()));
        return new FindingQuery(tenantId, where + " AND " + FindingOrder.TIES_AFTER, List.copyOf(all), orderBy,
                search, Optional.of(key), sort, narrow);
    }

    /** The same rows in the default order (for a count, where the order does not matter). */
    public FindingQuery unsorted() {
        if (after.isPresent() && !sort.isDefault()) {
            throw new IllegalStateException("a position in another sort has no place in the default order");
        }
        return new FindingQuery(tenantId, where, params, orderBy, search, after, FindingSort.DEFAULT, narrow);
    }

    /** The position of {@code finding} in this query's order. */
    public Key keyOf(Finding finding) {
        return new Key(SortKey.of(finding.severity(), finding.firstSeen().toEpochMilli()), finding.id(),
                FindingOrder.values(sort, finding));
    }

    /** A canonical text of the filter and sort, to bind cursors to both (the default sort adds nothing). */
    public static String canonical(FindingFilter f, FindingSort sort) {
        return canonical(f) + (sort.isDefault() ? "" : "|sort=" + sort.wire());
    }

    /** A canonical text of the filter, to bind cursors to it. */
    public static String canonical(FindingFilter f) {
        return "findings|" + f.severities().stream().map(Severity::wire).sorted().collect(Collectors.joining(","))
                + "|" + f.statuses().stream().map(FindingStatus::wire).sorted().collect(Collectors.joining(","))
                + "|" + f.scanType().map(Enum::name).orElse("") + "|" + f.projectId().map(UUID::toString).orElse("")
                + "|" + f.assignedToUserId().map(UUID::toString).orElse("") + "|" + f.search().orElse("");
    }

    private static void append(StringBuilder where, List<Object> params, String condition, Object value) {
        where.append(" AND ").append(condition);
        params.add(value);
    }

    private static String placeholders(int n) {
        return String.join(", ", Collections.nCopies(n, "?"));
    }
}
