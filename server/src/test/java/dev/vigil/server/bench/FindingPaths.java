package dev.vigil.server.bench;

import dev.vigil.model.FindingFilter;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.StringJoiner;

/** The findings list's query strings, as the typed client spells them (repeated {@code severity[]} keys). */
final class FindingPaths {

    static final String LIST = "/v1/repo-vulnerabilities";

    private FindingPaths() {
    }

    static String list(FindingFilter filter, Integer limit, String cursor) {
        StringJoiner query = new StringJoiner("&");
        filter.severities().forEach(s -> query.add(param("severity[]", s.wire())));
        filter.statuses().forEach(s -> query.add(param("status[]", s.wire())));
        filter.scanType().ifPresent(k -> query.add(param("scan_type", k.wire())));
        filter.projectId().ifPresent(id -> query.add(param("project_id", id.toString())));
        filter.assignedToUserId().ifPresent(id -> query.add(param("assigned_to_user_id", id.toString())));
        filter.search().ifPresent(text -> query.add(param("search", text)));
        if (limit != null) {
            query.add(param("limit", limit.toString()));
        }
        if (cursor != null) {
            query.add(param("cursor", cursor));
        }
        return query.length() == 0 ? LIST : LIST + "?" + query;
    }

    private static String param(String name, String value) {
        return encode(name) + "=" + encode(value);
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
