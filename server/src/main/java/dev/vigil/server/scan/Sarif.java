package dev.vigil.server.scan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vigil.model.ScanWarning;

import java.util.List;
import java.util.Set;

/**
 * The SARIF log of a finished scan. For a pull-request scan every result also says whether the change
 * introduced it ({@code baselineState} {@code new}) or the project already had it ({@code unchanged}).
 */
public final class Sarif {

    private Sarif() {
    }

    public static ObjectNode log(List<Detection> detections, List<ScanWarning> warnings, String version,
                          Set<String> introduced, boolean pullRequest) {
        ObjectNode log = new SarifWriter(version).toJson(detections, warnings);
        if (pullRequest) {
            for (JsonNode result : log.path("runs").get(0).path("results")) {
                String fingerprint = result.path("partialFingerprints").path(SarifWriter.FINGERPRINT_KEY).asText();
                ((ObjectNode) result).put("baselineState", introduced.contains(fingerprint) ? "new" : "unchanged");
            }
        }
        return log;
    }
}
