package dev.vigil.desktop.scans;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * One result of a SARIF 2.1.0 log, as the scan detail lists it, with Vigil's partial fingerprint (empty in a
 * log of another tool): one finding stands for every result of one fingerprint.
 */
public record SarifResult(String ruleId, String level, String location, String message, String fingerprint) {

    private static final String FINGERPRINT_KEY = "vigilFingerprint/v1";

    /** The results of every run of {@code log}, in order; none for a missing log. */
    public static List<SarifResult> of(JsonNode log) {
        List<SarifResult> results = new ArrayList<>();
        if (log == null) {
            return results;
        }
        for (JsonNode run : log.path("runs")) {
            for (JsonNode result : run.path("results")) {
                results.add(new SarifResult(result.path("ruleId").asText(""),
                        result.path("level").asText("warning"), location(result),
                        result.path("message").path("text").asText(""),
                        result.path("partialFingerprints").path(FINGERPRINT_KEY).asText("")));
            }
        }
        return results;
    }

    /** {@code path:line} of the first physical location. */
    private static String location(JsonNode result) {
        JsonNode physical = result.path("locations").path(0).path("physicalLocation");
        String uri = physical.path("artifactLocation").path("uri").asText("");
        JsonNode line = physical.path("region").path("startLine");
        return line.isNumber() ? uri + ":" + line.asInt() : uri;
    }
}
