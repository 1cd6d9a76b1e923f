package dev.vigil.client;

import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * The parameters of {@code GET /v1/scans}: the pull-request scans by default, every scan with
 * {@code includeAll} ({@code include=all}).
 */
public record ScanQuery(Optional<UUID> projectId, Optional<Integer> limit, Optional<String> cursor,
                        boolean includeAll) {

    public ScanQuery {
        Objects.requireNonNull(projectId, "projectId");
        Objects.requireNonNull(limit, "limit");
        Objects.requireNonNull(cursor, "cursor");
    }

    public static ScanQuery pullRequests() {
        return new ScanQuery(Optional.empty(), Optional.empty(), Optional.empty(), false);
    }

    public static ScanQuery all() {
        return new ScanQuery(Optional.empty(), Optional.empty(), Optional.empty(), true);
    }

    public ScanQuery withProject(UUID value) {
        return new ScanQuery(Optional.of(value), limit, cursor, includeAll);
    }

    public ScanQuery withLimit(int value) {
        return new ScanQuery(projectId, Optional.of(value), cursor, includeAll);
    }

    public ScanQuery withCursor(String value) {
        return new ScanQuery(projectId, limit, Optional.of(value), includeAll);
    }

    QueryString toQuery() {
        QueryString query = new QueryString().add("project_id", projectId).add("limit", limit).add("cursor", cursor);
        return includeAll ? query.add("include", "all") : query;
    }
}
