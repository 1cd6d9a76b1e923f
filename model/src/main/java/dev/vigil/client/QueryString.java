package dev.vigil.client;

import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingSort;
import dev.vigil.model.WireEnum;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Builds a query string: names and values percent-encoded (a space as {@code %20}), repeatable filters as
 * repeated keys with the {@code []} suffix, absent values left out.
 */
final class QueryString {

    private final StringBuilder text = new StringBuilder();

    /** The filters of the findings list and export (specification 4.4), in one place. */
    static QueryString of(FindingFilter filter) {
        QueryString query = new QueryString();
        filter.severities().forEach(severity -> query.add("severity[]", severity));
        filter.statuses().forEach(status -> query.add("status[]", status));
        filter.scanType().ifPresent(kind -> query.add("scan_type", kind));
        query.add("project_id", filter.projectId());
        query.add("assigned_to_user_id", filter.assignedToUserId());
        query.add("search", filter.search());
        return query;
    }

    /** The filters and, unless it is the default order, the {@code sort}. */
    static QueryString of(FindingFilter filter, FindingSort sort) {
        return sort.isDefault() ? of(filter) : of(filter).add("sort", sort.wire());
    }

    /** {@code limit} and {@code cursor}; null leaves either out (the server's default, the first page). */
    QueryString page(Integer limit, String cursor) {
        return add("limit", limit).add("cursor", cursor);
    }

    QueryString add(String name, Object value) {
        switch (value) {
            case null -> { }
            case Optional<?> optional -> optional.ifPresent(present -> add(name, present));
            case WireEnum wire -> append(name, wire.wire());
            default -> append(name, value.toString());
        }
        return this;
    }

    /** {@code path} followed by {@code ?} and the query, or {@code path} alone when there is no parameter. */
    String appendTo(String path) {
        return text.isEmpty() ? path : path + "?" + text;
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private void append(String name, String value) {
        if (!text.isEmpty()) {
            text.append('&');
        }
        text.append(encode(name)).append('=').append(encode(value));
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
