package dev.vigil.server.scan.sca;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The software bill of materials of a scan as CycloneDX 1.5 JSON: one component per package URL (a package
 * found in several manifests is one component with a {@code vigil:manifest} property per place), the direct
 * ones as dependencies of the scanned project, and the vulnerabilities found with the components they affect.
 */
public final class CycloneDx {

    static final String ROOT_REF = "vigil:scanned-project";
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final Set<String> SEVERITIES = Set.of("critical", "high", "medium", "low", "info", "none");

    private CycloneDx() {
    }

    /** The BOM, stamped now; the serial number is derived from the seed (a scan id), so it is stable. */
    public static ObjectNode bom(List<Dependency> dependencies, List<VulnerabilityRef> vulnerabilities,
                                 String serialNumberSeed) {
        return bom(dependencies, vulnerabilities, serialNumberSeed, Instant.now());
    }

    static ObjectNode bom(List<Dependency> dependencies, List<VulnerabilityRef> vulnerabilities, String seed,
                          Instant timestamp) {
        ObjectNode bom = JSON.objectNode();
        bom.put("bomFormat", "CycloneDX").put("specVersion", "1.5");
        UUID serial = UUID.nameUUIDFromBytes(("vigil-sbom:" + seed).getBytes(StandardCharsets.UTF_8));
        bom.put("serialNumber", "urn:uuid:" + serial).put("version", 1);
        bom.set("metadata", metadata(timestamp));
        Map<String, ObjectNode> components = components(dependencies);
        bom.putArray("components").addAll(components.values());
        bom.set("dependencies", dependencies(dependencies));
        bom.set("vulnerabilities", vulnerabilities(vulnerabilities));
        return bom;
    }

    /** The package URL of a package version: {@code pkg:npm/%40scope/name@1.0.0}, {@code pkg:maven/g/a@v}. */
    public static String purl(Ecosystem ecosystem, String name, String version) {
        String path = switch (ecosystem) {
            case MAVEN -> name.replaceFirst(":", "/");
            case PYPI -> name.toLowerCase(Locale.ROOT).replace('_', '-');
            default -> name;
        };
        StringBuilder out = new StringBuilder("pkg:").append(ecosystem.purlType()).append('/');
        String[] segments = path.split("/");
        for (int i = 0; i < segments.length; i++) {
            out.append(i == 0 ? "" : "/").append(encode(segments[i]));
        }
        return out.append('@').append(encode(version)).toString();
    }

    public static String purl(Dependency dependency) {
        return purl(dependency.ecosystem(), dependency.name(), dependency.version());
    }

    private static ObjectNode metadata(Instant timestamp) {
        ObjectNode metadata = JSON.objectNode();
        metadata.put("timestamp", timestamp.truncatedTo(ChronoUnit.SECONDS).toString());
        ObjectNode tool = metadata.putObject("tools").putArray("components").addObject();
        tool.put("type", "application").put("name", "Vigil");
        metadata.putObject("component").put("type", "application").put("bom-ref", ROOT_REF)
                .put("name", "scanned project");
        return metadata;
    }

    private static Map<String, ObjectNode> components(List<Dependency> dependencies) {
        Map<String, ObjectNode> components = new LinkedHashMap<>();
        for (Dependency d : dependencies) {
            String purl = purl(d);
            ObjectNode component = components.computeIfAbsent(purl, p -> component(d, p));
            ArrayNode properties = (ArrayNode) component.get("properties");
            if (d.direct()) {
                ((ObjectNode) properties.get(0)).put("value", "true");
            }
            if (!d.dev()) {
                component.put("scope", "required");
            }
            properties.addObject().put("name", "vigil:manifest").put("value", d.manifestPath() + ":" + d.line());
        }
        return components;
    }

    private static ObjectNode component(Dependency d, String purl) {
        ObjectNode component = JSON.objectNode();
        component.put("type", "library").put("bom-ref", purl);
        int split = switch (d.ecosystem()) {
            case MAVEN -> d.name().indexOf(':');
            case NPM -> d.name().startsWith("@") ? d.name().indexOf('/') : -1;
            case PACKAGIST -> d.name().indexOf('/');
            default -> -1;
        };
        if (split > 0) {
            component.put("group", d.name().substring(0, split));
        }
        component.put("name", d.name().substring(split + 1)).put("version", d.version()).put("purl", purl);
        component.put("scope", d.dev() ? "optional" : "required");
        component.putArray("properties").addObject().put("name", "vigil:direct").put("value", "false");
        return component;
    }

    private static ArrayNode dependencies(List<Dependency> dependencies) {
        ArrayNode out = JSON.arrayNode();
        ArrayNode direct = out.addObject().put("ref", ROOT_REF).putArray("dependsOn");
        dependencies.stream().filter(Dependency::direct).map(CycloneDx::purl).distinct().forEach(direct::add);
        return out;
    }

    private static ArrayNode vulnerabilities(List<VulnerabilityRef> found) {
        Map<String, ObjectNode> byId = new LinkedHashMap<>();
        for (VulnerabilityRef v : found) {
            ObjectNode vulnerability = byId.computeIfAbsent(v.id(), id -> vulnerability(v));
            String ref = Ecosystem.ofOsv(v.ecosystemName()).map(e -> purl(e, v.packageName(), v.version()))
                    .orElse(v.packageName() + "@" + v.version());
            ArrayNode affects = (ArrayNode) vulnerability.get("affects");
            if (!affects.findValuesAsText("ref").contains(ref)) {
                ObjectNode affected = affects.addObject().put("ref", ref);
                affected.putArray("versions").addObject().put("version", v.version()).put("status", "affected");
            }
        }
        return JSON.arrayNode().addAll(byId.values());
    }

    private static ObjectNode vulnerability(VulnerabilityRef v) {
        ObjectNode vulnerability = JSON.objectNode();
        vulnerability.put("bom-ref", "vuln:" + v.id()).put("id", v.id());
        vulnerability.putObject("source").put("name", v.id().startsWith("GHSA-") ? "GitHub Advisory Database" : "OSV")
                .put("url", "https://osv.dev/vulnerability/" + v.id());
        String severity = v.severity().toLowerCase(Locale.ROOT).replace("moderate", "medium");
        vulnerability.putArray("ratings").addObject().put("severity", SEVERITIES.contains(severity) ? severity : "unknown")
                .put("method", "other");
        ArrayNode cwes = vulnerability.putArray("cwes");
        for (String part : v.cwe().split("[^0-9]+")) {
            if (!part.isEmpty() && part.length() < 10) {
                cwes.add(Integer.parseInt(part));
            }
        }
        if (!v.summary().isEmpty()) {
            vulnerability.put("description", v.summary());
        }
        if (!v.fix().isEmpty()) {
            vulnerability.put("recommendation", "Upgrade " + v.packageName() + " to " + v.fix() + " or later.");
        }
        vulnerability.putArray("affects");
        return vulnerability;
    }

    /** Percent-encodes a purl segment: everything but letters, digits and {@code .-_~}. */
    private static String encode(String segment) {
        StringBuilder out = new StringBuilder();
        for (byte b : segment.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || ".-_~".indexOf(c) >= 0) {
                out.append(c);
            } else {
                out.append('%').append(String.format("%02X", b & 0xff));
            }
        }
        return out.toString();
    }
}
