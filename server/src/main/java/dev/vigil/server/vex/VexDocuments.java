package dev.vigil.server.vex;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.vigil.server.vex.VexStatement.Verdict;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the statements of a CycloneDX BOM ({@code bomFormat} CycloneDX, its {@code vulnerabilities[]}) or an
 * OpenVEX document ({@code @context} under openvex.dev, its {@code statements[]}). A document that is
 * neither, whose statements lack a vulnerability id or a status, or that names more than 10,000
 * statements or products, is refused as VALIDATION_FAILED.
 */
final class VexDocuments {

    static final int MAX_STATEMENTS = 10_000;

    private VexDocuments() {
    }

    static List<VexStatement> read(JsonNode doc) {
        List<VexStatement> statements;
        if ("CycloneDX".equals(doc.path("bomFormat").asText(null))) {
            statements = cycloneDx(doc);
        } else if (doc.path("@context").asText("").startsWith("https://openvex.dev/ns")) {
            statements = openVex(doc);
        } else {
            throw VexRefused.invalid("body", "is neither a CycloneDX BOM nor an OpenVEX document");
        }
        if (statements.stream().mapToInt(s -> s.purls().size()).sum() > MAX_STATEMENTS) {
            throw VexRefused.invalid("body", "names more than " + MAX_STATEMENTS + " products in all");
        }
        return statements;
    }

    private static List<VexStatement> openVex(JsonNode doc) {
        JsonNode statements = array(doc, "statements");
        List<VexStatement> out = new ArrayList<>();
        for (int i = 0; i < statements.size(); i++) {
            JsonNode s = statements.get(i);
            String where = "statements[" + i + "]";
            String name = text(s.path("vulnerability"), "name", where + ".vulnerability.name", 200);
            String status = text(s, "status", where + ".status", 200);
            List<String> purls = new ArrayList<>();
            for (JsonNode product : s.path("products")) {
                String purl = product.path("identifiers").path("purl").asText(product.path("@id").asText(""));
                if (purl.isEmpty() || purl.length() > 1000) {
                    throw VexRefused.invalid(where + ".products", "each product needs an @id or identifiers.purl");
                }
                purls.add(purl);
            }
            Verdict verdict = switch (status) {
                case "not_affected" -> Verdict.NOT_AFFECTED;
                case "fixed" -> Verdict.FIXED;
                case "affected", "under_investigation" -> Verdict.OTHER;
                default -> throw VexRefused.invalid(where + ".status",
                        "must be not_affected, affected, fixed or under_investigation");
            };
            out.add(new VexStatement(name, purls, verdict, reason(s.path("justification").asText(""),
                    s.path("impact_statement").asText(""))));
        }
        return out;
    }

    private static List<VexStatement> cycloneDx(JsonNode doc) {
        Map<String, String> purlByRef = new HashMap<>();
        for (JsonNode component : doc.path("components")) {
            if (component.path("bom-ref").isTextual() && component.path("purl").isTextual()) {
                purlByRef.put(component.path("bom-ref").asText(), component.path("purl").asText());
            }
        }
        JsonNode vulnerabilities = doc.has("vulnerabilities") ? array(doc, "vulnerabilities")
                : JsonNodeFactory.instance.arrayNode();
        List<VexStatement> out = new ArrayList<>();
        for (int i = 0; i < vulnerabilities.size(); i++) {
            JsonNode v = vulnerabilities.get(i);
            String where = "vulnerabilities[" + i + "]";
            String id = text(v, "id", where + ".id", 200);
            List<String> purls = new ArrayList<>();
            for (JsonNode affects : v.path("affects")) {
                String ref = text(affects, "ref", where + ".affects.ref", 1000);
                purls.add(purlByRef.getOrDefault(ref, ref));
            }
            JsonNode analysis = v.path("analysis");
            Verdict verdict = switch (analysis.path("state").asText("")) {
                case "not_affected", "false_positive" -> Verdict.NOT_AFFECTED;
                case "resolved", "resolved_with_pedigree" -> Verdict.FIXED;
                default -> Verdict.OTHER;
            };
            out.add(new VexStatement(id, purls, verdict, reason(analysis.path("justification").asText(""),
                    analysis.path("detail").asText(""))));
        }
        return out;
    }

    private static JsonNode array(JsonNode doc, String field) {
        JsonNode array = doc.path(field);
        if (!array.isArray()) {
            throw VexRefused.invalid(field, "must be an array");
        }
        if (array.size() > MAX_STATEMENTS) {
            throw VexRefused.invalid(field, "must hold at most " + MAX_STATEMENTS + " statements");
        }
        for (JsonNode item : array) {
            if (!item.isObject()) {
                throw VexRefused.invalid(field, "must hold objects");
            }
        }
        return array;
    }

    private static String text(JsonNode node, String field, String where, int max) {
        JsonNode value = node.path(field);
        if (!value.isTextual() || value.asText().isBlank() || value.asText().length() > max) {
            throw VexRefused.invalid(where, "is required: a string of at most " + max + " characters");
        }
        return value.asText().strip();
    }

    /** The justification, then the free text, joined; clipped to what a decision's reason holds. */
    private static String reason(String justification, String detail) {
        String reason = justification.isBlank() ? detail.strip()
                : detail.isBlank() ? justification : justification + ": " + detail.strip();
        reason = reason.isBlank() ? "not affected, as a VEX document stated" : reason;
        return reason.length() > 2000 ? reason.substring(0, 2000) : reason;
    }
}
