package dev.vigil.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.model.ApiError.FieldProblem;
import dev.vigil.model.ScanType;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.JsonIo;
import dev.vigil.server.http.Uuids;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/** The text fields of a scan submission, validated all at once (docs/adr/0015-error-codes-and-validation.md). */
final class SubmissionForm {

    /** The text fields together; the archive part does not count. */
    static final int MAX_FIELDS_BYTES = 64 * 1024;
    /** Parts of any name, the archive included: the form has seven fields, so a longer one is not a client's. */
    static final int MAX_PARTS = 16;
    private static final Pattern COMMIT = Pattern.compile("[0-9a-fA-F]{40}|[0-9a-fA-F]{64}");
    private static final int MAX_CHANGED_FILES = 20_000;

    /** A validated submission. {@code changedFiles} is absent when the field was not sent. */
    record Fields(UUID projectId, String branch, String commitHash, ScanType scanType, Optional<Integer> prId,
                  Optional<List<String>> changedFiles) {
    }

    private final Map<String, String> values = new HashMap<>();
    private final List<FieldProblem> problems = new ArrayList<>();
    private int parts;
    private int fieldBytes;

    /** Counts {@code part}, refusing the form at once when it has more parts than a submission needs. */
    <P> P count(P part) {
        if (++parts > MAX_PARTS) {
            throw ApiException.validation("form", "has more than " + MAX_PARTS + " parts");
        }
        return part;
    }

    /** How many bytes the next text field may have, within the fields' shared limit. */
    int fieldBytesLeft() {
        return MAX_FIELDS_BYTES - fieldBytes;
    }

    void put(String name, byte[] value) {
        fieldBytes += value.length;
        values.put(name, new String(value, StandardCharsets.UTF_8));
    }

    void problem(String field, String problem) {
        problems.add(new FieldProblem(field, problem));
    }

    Fields validate() {
        UUID projectId = required("project_id").flatMap(v -> check("project_id", Uuids.parse(v), "must be a UUID")).orElse(null);
        String branch = required("branch").filter(v -> lengthOk("branch", v, 255)).orElse(null);
        String commit = required("commit_hash").flatMap(v -> check("commit_hash",
                Optional.of(v).filter(h -> COMMIT.matcher(h).matches()), "must be a full commit SHA: 40 or 64 hex characters"))
                .map(String::toLowerCase).orElse(null);
        ScanType type = required("scan_type").flatMap(v -> check("scan_type", ScanType.parseExact(v),
                "must be one of full, sca, iac, secrets, sca,iac, sca,secrets, iac,secrets")).orElse(null);
        Optional<Integer> prId = optional("pr_id").flatMap(this::prId);
        Optional<List<String>> changed = optional("changed_files").flatMap(this::changedFiles);
        if (!problems.isEmpty()) {
            throw ApiException.validation(problems);
        }
        return new Fields(projectId, branch, commit, type, prId, changed);
    }

    private Optional<String> required(String name) {
        Optional<String> value = optional(name);
        if (value.isEmpty()) {
            problem(name, "is required");
        }
        return value;
    }

    private Optional<String> optional(String name) {
        return Optional.ofNullable(values.get(name)).map(String::strip).filter(v -> !v.isEmpty());
    }

    private boolean lengthOk(String field, String value, int max) {
        if (value.length() > max) {
            problem(field, "must be at most " + max + " characters");
            return false;
        }
        return true;
    }

    private <T> Optional<T> check(String field, Optional<T> value, String problem) {
        if (value.isEmpty()) {
            problem(field, problem);
        }
        return value;
    }

    private Optional<Integer> prId(String text) {
        try {
            int value = Integer.parseInt(text);
            if (value > 0) {
                return Optional.of(value);
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        problem("pr_id", "must be a positive integer");
        return Optional.empty();
    }

    private Optional<List<String>> changedFiles(String text) {
        JsonNode node;
        try {
            node = JsonIo.mapper().readTree(text);
        } catch (IOException e) {
            node = null;
        }
        if (node == null || !node.isArray() || node.size() > MAX_CHANGED_FILES) {
            problem("changed_files", "must be a JSON array of at most " + MAX_CHANGED_FILES + " relative file paths");
            return Optional.empty();
        }
        List<String> paths = new ArrayList<>();
        for (JsonNode item : node) {
            if (!item.isTextual() || !isRelativePath(item.asText())) {
                problem("changed_files", "every entry must be a relative path inside the repository");
                return Optional.empty();
            }
            paths.add(normalise(item.asText()));
        }
        return Optional.of(List.copyOf(paths));
    }

    private static boolean isRelativePath(String path) {
        if (path.isBlank() || path.length() > 1024 || path.indexOf('\0') >= 0 || path.startsWith("/")
                || path.startsWith("\\") || path.matches("^[A-Za-z]:.*")) {
            return false;
        }
        for (String segment : path.replace('\\', '/').split("/")) {
            if (segment.equals("..")) {
                return false;
            }
        }
        return true;
    }

    private static String normalise(String path) {
        String normal = path.replace('\\', '/');
        while (normal.startsWith("./")) {
            normal = normal.substring(2);
        }
        return normal;
    }
}
