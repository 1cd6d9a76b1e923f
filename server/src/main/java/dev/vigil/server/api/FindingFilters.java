package dev.vigil.server.api;

import dev.vigil.model.ExportFormat;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingSort;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.QueryReader;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** The filters of the findings list and export, read from the query string (specification 4.4). */
public final class FindingFilters {

    private static final int MAX_SEARCH = 200;
    private static final String SORTS = Arrays.stream(FindingSort.Column.values()).map(FindingSort.Column::wire)
            .collect(Collectors.joining(", "));

    private FindingFilters() {
    }

    public static FindingFilter read(QueryReader query) {
        Optional<String> search = query.text("search");
        if (search.isPresent() && search.get().length() > MAX_SEARCH) {
            throw ApiException.validation("search", "must be at most " + MAX_SEARCH + " characters");
        }
        return new FindingFilter(query.setOf("severity", Severity.class), query.setOf("status", FindingStatus.class),
                query.oneOf("scan_type", ScanKind.class), query.uuid("project_id"), query.uuid("assigned_to_user_id"),
                search);
    }

    /** The {@code sort} parameter: a column, {@code -} first for descending; the default order when absent. */
    public static FindingSort sort(QueryReader query) {
        return query.text("sort").map(text -> FindingSort.parse(text).orElseThrow(() -> ApiException.validation(
                "sort", "unknown sort '" + text + "'; expected one of " + SORTS + ", each with a leading - for "
                        + "descending"))).orElse(FindingSort.DEFAULT);
    }

    public static ExportFormat format(QueryReader query) {
        return query.oneOf("format", ExportFormat.class).orElse(ExportFormat.CSV);
    }
}
