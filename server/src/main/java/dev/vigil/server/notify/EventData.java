package dev.vigil.server.notify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vigil.model.Finding;
import dev.vigil.model.Json;
import dev.vigil.model.ScanListItem;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.store.ScanRow;

import java.io.IOException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * The {@code data} of the events (docs/adr/0048-webhook-events-and-payloads.md): a scan as the scan list shows
 * it with its warnings, findings as the findings API shows them, and at most {@link #MAX_FINDINGS} of them
 * with their {@code total}.
 */
final class EventData {

    /** Findings an event lists; {@code total} says how many there were. */
    static final int MAX_FINDINGS = 100;

    private EventData() {
    }

    /** The scan list item (specification 2.2) with {@code pr_id} and {@code scan_warnings}. */
    static ObjectNode scan(ScanRow s) {
        ObjectNode node = Json.mapper().valueToTree(new ScanListItem(s.id(), s.projectId(), s.projectName(),
                s.branch(), s.commitHash(), s.scanType(), s.status(), s.counts().total(), s.counts().critical(),
                s.counts().high(), s.isBlocked(), instant(s.createdAt()), instant(s.completedAt())));
        if (s.prId() != null) {
            node.put("pr_id", s.prId());
        }
        node.set("scan_warnings", warnings(s.warnings()));
        return node;
    }

    /** {@code {scan_id, total, findings}} with the findings of the API (specification 2.4). */
    static ObjectNode findings(ScanRow scan, int total, List<Finding> findings) {
        ObjectNode node = Json.mapper().createObjectNode();
        node.put("scan_id", scan.id().toString());
        node.put("project_name", scan.projectName());
        node.put("branch", scan.branch());
        node.put("total", total);
        node.set("findings", Json.mapper().valueToTree(findings));
        return node;
    }

    /** A finding of a pull-request scan, which has no finding record: what its comment shows. */
    static ArrayNode detections(Collection<Detection> detections) {
        ArrayNode list = Json.mapper().createArrayNode();
        for (Detection d : detections) {
            ObjectNode node = list.addObject();
            node.put("fingerprint", d.fingerprint());
            node.put("rule_id", d.ruleId());
            node.put("title", d.title());
            node.put("severity", d.severity().wire());
            node.put("scan_type", d.kind().wire());
            node.put("location", d.location());
            node.put("fix_available", d.fixAvailable());
        }
        return list;
    }

    static ObjectNode finding(Finding finding) {
        ObjectNode node = Json.mapper().createObjectNode();
        node.set("finding", Json.mapper().valueToTree(finding));
        return node;
    }

    private static JsonNode warnings(String json) {
        if (json == null) {
            return Json.mapper().createArrayNode();
        }
        try {
            return Json.mapper().readTree(json);
        } catch (IOException e) {
            return Json.mapper().createArrayNode();
        }
    }

    private static Instant instant(Long millis) {
        return millis == null ? null : Instant.ofEpochMilli(millis);
    }
}
