package dev.vigil.server.vex;

import com.fasterxml.jackson.databind.node.ArrayNode;
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
 * A project's SCA findings as a CycloneDX 1.5 VEX BOM: one component per package version, one vulnerability
 * per finding with its {@code analysis} (docs/adr/0053-vex-in-and-out.md) and {@code affects} by purl.
 */
final class CycloneDxVex {

    /** The analysis justifications CycloneDX 1.5 defines: a reason spelled as one of them is sent as it. */
    static final Set<String> JUSTIFICATIONS = Set.of("code_not_present", "code_not_reachable",
            "requires_configuration", "requires_dependency", "requires_environment", "protected_by_compiler",
            "protected_at_runtime", "protected_at_perimeter", "protected_by_mitigating_control");
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private CycloneDxVex() {
    }

    static ObjectNode write(Project project, List<VexFinding> findings, Instant now) {
        ObjectNode bom = JSON.objectNode();
        bom.put("bomFormat", "CycloneDX").put("specVersion", "1.5");
        UUID serial = UUID.nameUUIDFromBytes(("vigil-vex:" + project.id() + ":" + now.toEpochMilli())
                .getBytes(StandardCharsets.UTF_8));
        bom.put("serialNumber", "urn:uuid:" + serial).put("version", 1);
        ObjectNode metadata = bom.putObject("metadata");
        metadata.put("timestamp", now.truncatedTo(ChronoUnit.SECONDS).toString());
        metadata.putObject("tools").putArray("components").addObject().put("type", "application").put("name", "Vigil");
        metadata.putObject("component").put("type", "application").put("bom-ref", "vigil:project:" + project.id())
                .put("name", project.name());
        Map<String, ObjectNode> components = new LinkedHashMap<>();
        ArrayNode vulnerabilities = JSON.arrayNode();
        for (VexFinding f : findings) {
            String purl = f.pkg().purl();
            components.computeIfAbsent(purl, p -> JSON.objectNode().put("type", "library").put("bom-ref", p)
                    .put("name", f.pkg().name()).put("version", f.pkg().version()).put("purl", p));
            vulnerabilities.add(vulnerability(f, purl));
        }
        bom.putArray("components").addAll(components.values());
        bom.set("vulnerabilities", vulnerabilities);
        return bom;
    }

    private static ObjectNode vulnerability(VexFinding f, String purl) {
        ObjectNode v = JSON.objectNode();
        v.put("bom-ref", "vigil:finding:" + f.id()).put("id", f.ruleId());
        v.putObject("source").put("name", f.ruleId().startsWith("GHSA-") ? "GitHub Advisory Database" : "OSV")
                .put("url", "https://osv.dev/vulnerability/" + f.ruleId());
        if (f.title() != null && !f.title().isBlank()) {
            v.put("description", f.title());
        }
        ObjectNode analysis = v.putObject("analysis");
        boolean fixable = f.fixAvailable() != null && !f.fixAvailable().isBlank();
        String affected = "affected";
        switch (f.status()) {
            case OPEN, IN_BACKLOG, IN_PROGRESS -> {
                analysis.put("state", "exploitable");
                if (fixable) {
                    analysis.putArray("response").add("update");
                }
            }
            case RESOLVED -> {
                analysis.put("state", "resolved").putArray("response").add("update");
                affected = "unaffected";
            }
            case FALSE_POSITIVE -> {
                analysis.put("state", "not_affected");
                justification(analysis, f.reason());
                affected = "unaffected";
            }
            case ACCEPTED -> {
                analysis.put("state", "in_triage").putArray("response").add("will_not_fix");
                justification(analysis, f.reason());
            }
        }
        ObjectNode affects = v.putArray("affects").addObject().put("ref", purl);
        affects.putArray("versions").addObject().put("version", f.pkg().version()).put("status", affected);
        return v;
    }

    private static void justification(ObjectNode analysis, String reason) {
        if (JUSTIFICATIONS.contains(reason)) {
            analysis.put("justification", reason);
        } else if (!reason.isBlank()) {
            analysis.put("detail", reason);
        }
    }
}
