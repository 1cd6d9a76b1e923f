package dev.vigil.server.api;

import dev.vigil.model.ExportFormat;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.QueryReader;

import java.util.Optional;

/** The filters of the findings list and export, read from the query string (specification 4.4). */
public final class FindingFilters {

    private static final int MAX_SEARCH = 200;

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

    public static ExportFormat format(QueryReader query) {
        return query.oneOf("format", ExportFormat.class).orElse(ExportFormat.CSV);
    }
}
