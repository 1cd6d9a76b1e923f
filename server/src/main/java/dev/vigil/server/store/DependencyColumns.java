package dev.vigil.server.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import dev.vigil.model.Json;
import dev.vigil.server.scan.DependencyDetail;
import dev.vigil.server.scan.Detection;

import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * A finding's {@code dependency_path} (a JSON array) and {@code remediation} columns: what an SCA detection says
 * of its package (docs/adr/0058-dependency-paths-and-remediation.md).
 */
public final class DependencyColumns {

    static final int PATH_CHARS = 4000;
    static final int REMEDIATION_CHARS = 2000;
    private static final TypeReference<List<String>> STEPS = new TypeReference<>() {
    };

    private DependencyColumns() {
    }

    /** A finding's chain and remediation; both null for a finding of another kind or not scanned since V19. */
    public record Stored(List<String> path, String remediation) {
    }

    /** The column value of the detection's chain: null without one, or when its JSON would not fit. */
    static String path(Detection d) {
        DependencyDetail detail = d.dependency();
        if (detail == null || detail.path().isEmpty()) {
            return null;
        }
        String json = new String(Json.bytes(detail.path()), StandardCharsets.UTF_8);
        return json.length() <= PATH_CHARS ? json : null;
    }

    static String remediation(Detection d) {
        DependencyDetail detail = d.dependency();
        if (detail == null) {
            return null;
        }
        String text = detail.remediation();
        return text.length() <= REMEDIATION_CHARS ? text : text.substring(0, REMEDIATION_CHARS - 1) + "…";
    }

    /** The two columns of a row that selects them by name. */
    static Stored read(ResultSet row) throws SQLException {
        return new Stored(steps(row.getString("dependency_path")), row.getString("remediation"));
    }

    private static List<String> steps(String json) throws SQLException {
        if (json == null) {
            return null;
        }
        try {
            return Json.mapper().readValue(json, STEPS);
        } catch (JsonProcessingException e) {
            throw new SQLException("dependency_path is not a JSON array of strings", e);
        }
    }
}
