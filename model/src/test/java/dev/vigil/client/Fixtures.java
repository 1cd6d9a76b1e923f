package dev.vigil.client;

import java.util.Arrays;
import java.util.UUID;
import java.util.stream.Collectors;

/** Canned answers in the wire format of the specification (snake_case, ISO 8601 UTC timestamps). */
final class Fixtures {

    static final String API_KEY = "vgl_live_s3cr3tv4lu3";
    static final UUID PROJECT_ID = UUID.fromString("5b0c2a4e-7f1d-4c3a-9e8b-1a2b3c4d5e6f");
    static final UUID SCAN_ID = UUID.fromString("9d8c7b6a-5f4e-4d3c-8b2a-0f1e2d3c4b5a");
    static final UUID USER_ID = UUID.fromString("11111111-2222-4333-8444-555555555555");
    static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";

    private Fixtures() {
    }

    static String page(String nextCursor, String... items) {
        String cursor = nextCursor == null ? "null" : "\"" + nextCursor + "\"";
        return """
                {"data": [%s], "has_more": %s, "next_cursor": %s}"""
                .formatted(Arrays.stream(items).collect(Collectors.joining(",")), nextCursor != null, cursor);
    }

    static String finding(UUID id) {
        return """
                {
                  "id": "%s",
                  "fingerprint": "fp_v1:4f2a9c",
                  "project_id": "%s",
                  "project_name": "payments",
                  "rule_id": "CVE-2021-44228",
                  "severity": "critical",
                  "status": "in_progress",
                  "scan_type": "sca",
                  "location": "pom.xml:42",
                  "description": "Log4Shell",
                  "fix_available": "2.17.1",
                  "is_breaking": true,
                  "is_direct": false,
                  "cwe": "CWE-502",
                  "assigned_to": "ana@example.com",
                  "assigned_to_user_id": "%s",
                  "sla_deadline": "2025-01-08T10:00:00Z",
                  "sla_breached": true,
                  "first_seen": "2025-01-01T10:00:00Z",
                  "last_seen": "2025-02-01T10:00:00.123Z"
                }""".formatted(id, PROJECT_ID, USER_ID);
    }

    static String scan() {
        return """
                {"id": "%s", "status": "pending", "project_id": "%s", "branch": "main",
                 "commit_hash": "%s", "scan_type": "sca,secrets", "created_at": "2025-03-01T12:00:00Z"}"""
                .formatted(SCAN_ID, PROJECT_ID, COMMIT);
    }

    static String scanDetail(String status) {
        return """
                {
                  "id": "%s", "project_id": "%s", "project_name": "payments", "branch": "feature/x",
                  "commit_hash": "%s", "scan_type": "full", "status": "%s", "findings_count": 3,
                  "critical_count": 1, "high_count": 2, "is_blocked": true,
                  "created_at": "2025-03-01T12:00:00Z", "completed_at": null, "pr_id": 17,
                  "changed_files": ["src/App.java"],
                  "scan_warnings": [{"code": "FILE_TOO_LARGE", "message": "skipped", "path": "big.bin"}],
                  "started_at": "2025-03-01T12:00:01Z",
                  "summary": {"critical": 1, "high": 2, "medium": 0, "low": 0, "info": 0,
                              "introduced": 2, "debt": 1, "blocking": 1},
                  "pr_comment": {"status": "posted", "url": "https://git.example/pr/17#c1", "error": null},
                  "sarif": {"version": "2.1.0", "runs": []}
                }""".formatted(SCAN_ID, PROJECT_ID, COMMIT, status);
    }

    static String error(String code, String message) {
        return """
                {"error": "%s", "message": "%s"}""".formatted(code, message);
    }
}
