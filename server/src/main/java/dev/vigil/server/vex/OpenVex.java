package dev.vigil.server.vex;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vigil.model.Project;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * A project's SCA findings as an OpenVEX 0.2.0 document: one statement per advisory, package version and
 * status (docs/adr/0053-vex-in-and-out.md).
 */
final class OpenVex {

    static final String CONTEXT = "https://openvex.dev/ns/v0.2.0";
    /** The status justifications OpenVEX defines: a reason spelled as one of them is sent as it. */
    static final Set<String> JUSTIFICATIONS = Set.of("component_not_present", "vulnerable_code_not_present",
            "vulnerable_code_not_in_execute_path", "vulnerable_code_cannot_be_controlled_by_adversary",
            "inline_mitigations_already_exist");
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private OpenVex() {
    }

    static ObjectNode write(Project project, List<VexFinding> findings, Instant now) {
        ObjectNode doc = JSON.objectNode();
        doc.put("@context", CONTEXT);
        doc.put("@id", "urn:uuid:" + UUID.nameUUIDFromBytes(("vigil-openvex:" + project.id() + ":" + now.toEpochMilli())
                .getBytes(StandardCharsets.UTF_8)));
        doc.put("author", "Vigil").put("role", "Document Creator")
                .put("timestamp", now.truncatedTo(ChronoUnit.SECONDS).toString()).put("version", 1)
                .put("tooling", "Vigil");
        Map<String, ObjectNode> statements = new LinkedHashMap<>();
        for (VexFinding f : findings) {
            String purl = f.pkg().purl();
            statements.computeIfAbsent(f.ruleId() + " " + purl + " " + f.status().wire(), k -> statement(f, purl));
        }
        doc.putArray("statements").addAll(statements.values());
        return doc;
    }

    private static ObjectNode statement(VexFinding f, String purl) {
        ObjectNode s = JSON.objectNode();
        s.putObject("vulnerability").put("name", f.ruleId());
        s.putArray("products").addObject().put("@id", purl).putObject("identifiers").put("purl", purl);
        switch (f.status()) {
            case OPEN, IN_BACKLOG, IN_PROGRESS -> s.put("status", "affected").put("action_statement",
                    f.fixAvailable() == null || f.fixAvailable().isBlank()
                            ? "No fixed version is known; review the advisory" : "Upgrade: " + f.fixAvailable());
            case RESOLVED -> s.put("status", "fixed");
            case FALSE_POSITIVE -> {
                s.put("status", "not_affected");
                if (JUSTIFICATIONS.contains(f.reason())) {
                    s.put("justification", f.reason());
                } else {
                    s.put("impact_statement", f.reason().isBlank() ? "marked a false positive" : f.reason());
                }
            }
            case ACCEPTED -> {
                s.put("status", "under_investigation");
                if (!f.reason().isBlank()) {
                    s.put("status_notes", "risk accepted: " + f.reason());
                }
            }
        }
        return s;
    }
}
