package dev.vigil.server.store;

import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.Severity;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.stream.Collectors;

/** The WHERE clause of a findings filter and its parameters, built once for list, count and export. */
public record FindingQuery(String where, List<Object> params) {

    /** The sort key of a finding in the list: severity (critical first), first seen, id. */
    public record Key(int severity, long firstSeen, UUID id) {
    }

    public static FindingQuery of(UUID tenantId, FindingFilter filter) {
        StringBuilder where = new StringBuilder("f.tenant_id = ?");
        List<Object> params = new ArrayList<>(List.of(tenantId));
        if (!filter.severities().isEmpty()) {
            where.append(" AND f.severity IN (").append(placeholders(filter.severities().size())).append(')');
            filter.severities().stream().map(Severity::rank).forEach(params::add);
        }
        if (!filter.statuses().isEmpty()) {
            where.append(" AND f.status IN (").append(placeholders(filter.statuses().size())).append(')');
            filter.statuses().stream().map(FindingStatus::wire).forEach(params::add);
        }
        filter.scanType().ifPresent(kind -> {
            where.append(" AND f.scan_type = ?");
            params.add(kind.wire());
        });
        filter.projectId().ifPresent(id -> {
            where.append(" AND f.project_id = ?");
            params.add(id);
        });
        filter.assignedToUserId().ifPresent(id -> {
            where.append(" AND f.assigned_to_user_id = ?");
            params.add(id);
        });
        filter.search().ifPresent(text -> {
            where.append(" AND f.search_text LIKE ? ESCAPE '!'");
            params.add("%" + escapeLike(text.toLowerCase(Locale.ROOT)) + "%");
        });
        return new FindingQuery(where.toString(), List.copyOf(params));
    }

    /** This query restricted to the rows after {@code key} in list order. */
    public FindingQuery after(Key key) {
        List<Object> all = new ArrayList<>(params);
        all.addAll(List.of(key.severity(), key.severity(), key.firstSeen(), key.firstSeen(), key.id()));
        return new FindingQuery(where + """
                 AND (f.severity > ? OR (f.severity = ? AND (f.first_seen > ? OR (f.first_seen = ? AND f.id > ?))))""",
                List.copyOf(all));
    }

    /** A canonical text of the filter, to bind cursors to it. */
    public static String canonical(FindingFilter f) {
        return "findings|" + f.severities().stream().map(Severity::wire).sorted().collect(Collectors.joining(","))
                + "|" + f.statuses().stream().map(FindingStatus::wire).sorted().collect(Collectors.joining(","))
                + "|" + f.scanType().map(Enum::name).orElse("") + "|" + f.projectId().map(UUID::toString).orElse("")
                + "|" + f.assignedToUserId().map(UUID::toString).orElse("") + "|" + f.search().orElse("");
    }

    private static String placeholders(int n) {
        return String.join(", ", java.util.Collections.nCopies(n, "?"));
    }

    static String escapeLike(String text) {
        return text.replace("!", "!!").replace("%", "!%").replace("_", "!_");
    }
}
