package dev.vigil.server.scan;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vigil.model.ScanWarning;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Writes the SARIF 2.1.0 log of one scan (docs/adr/0007-archive-read-once-as-a-stream.md): one run of the tool
 * {@code Vigil}, one rule per distinct rule id (sorted by id) with its {@code security-severity}, one result per
 * detection in input order with a relative {@code %SRCROOT%} location and the {@code vigilFingerprint/v1}
 * partial fingerprint, and the scan warnings as tool execution notifications. The same input always gives the
 * same output. Descriptions are written as given: scanners mask secrets before they reach this writer. Immutable
 * and thread-safe.
 */
public final class SarifWriter {

    public static final String SCHEMA_URI =
            "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
    public static final String FINGERPRINT_KEY = "vigilFingerprint/v1";
    public static final String SOURCE_ROOT = "%SRCROOT%";

    private static final Pattern SEMVER = Pattern.compile("(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)"
            + "(-[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?(\\+[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?");
    private static final ObjectMapper MAPPER =
            JsonMapper.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET).build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final String toolVersion;
    private final Optional<String> informationUri;

    /** A writer whose tool entry links to {@code informationUri}, the operator's documentation of Vigil. */
    public SarifWriter(String toolVersion, String informationUri) {
        this.toolVersion = Objects.requireNonNull(toolVersion, "toolVersion");
        this.informationUri = Optional.of(informationUri);
    }

    /** A writer whose tool entry has no information link (SARIF makes it optional). */
    public SarifWriter(String toolVersion) {
        this.toolVersion = Objects.requireNonNull(toolVersion, "toolVersion");
        this.informationUri = Optional.empty();
    }

    /** The log of a scan that ran to its end ({@code executionSuccessful} true). */
    public ObjectNode toJson(List<Detection> detections, List<ScanWarning> warnings) {
        return toJson(detections, warnings, true);
    }

    public ObjectNode toJson(List<Detection> detections, List<ScanWarning> warnings, boolean executionSuccessful) {
        SarifRules rules = SarifRules.of(detections);
        ObjectNode log = skeleton(rules, warnings, executionSuccessful);
        ArrayNode results = ((ObjectNode) log.get("runs").get(0)).putArray("results");
        detections.forEach(detection -> results.add(result(detection, rules)));
        return log;
    }

    /** Writes the same log as {@link #toJson} as compact UTF-8, one result at a time; {@code out} stays open. */
    public void write(OutputStream out, List<Detection> detections, List<ScanWarning> warnings,
                      boolean executionSuccessful) throws IOException {
        SarifRules rules = SarifRules.of(detections);
        ObjectNode log = skeleton(rules, warnings, executionSuccessful);
        try (JsonGenerator json = MAPPER.createGenerator(out)) {
            json.writeStartObject();
            writeFields(json, log, "runs");
            json.writeArrayFieldStart("runs");
            json.writeStartObject();
            writeFields(json, (ObjectNode) log.get("runs").get(0), null);
            json.writeArrayFieldStart("results");
            for (Detection detection : detections) {
                json.writeTree(result(detection, rules));
            }
            json.writeEndArray();
            json.writeEndObject();
            json.writeEndArray();
            json.writeEndObject();
        }
    }

    private static void writeFields(JsonGenerator json, ObjectNode node, String except) throws IOException {
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            if (!field.getKey().equals(except)) {
                json.writeFieldName(field.getKey());
                json.writeTree(field.getValue());
            }
        }
    }

    /** The log without results, which come last in the run. */
    private ObjectNode skeleton(SarifRules rules, List<ScanWarning> warnings, boolean executionSuccessful) {
        ObjectNode log = NODES.objectNode();
        log.put("$schema", SCHEMA_URI);
        log.put("version", "2.1.0");
        ObjectNode run = log.putArray("runs").addObject();
        ObjectNode driver = run.putObject("tool").putObject("driver");
        driver.put("name", "Vigil");
        informationUri.ifPresent(uri -> driver.put("informationUri", uri));
        driver.put("version", toolVersion);
        if (SEMVER.matcher(toolVersion).matches()) {
            driver.put("semanticVersion", toolVersion);
        }
        driver.set("rules", rules.toJson());
        run.putObject("originalUriBaseIds").putObject(SOURCE_ROOT).putObject("description")
                .put("text", "The root of the scanned archive.");
        ObjectNode invocation = run.putArray("invocations").addObject();
        invocation.put("executionSuccessful", executionSuccessful);
        ArrayNode notifications = invocation.putArray("toolExecutionNotifications");
        warnings.forEach(warning -> notifications.add(notification(warning)));
        return log;
    }

    private static ObjectNode notification(ScanWarning warning) {
        ObjectNode notification = NODES.objectNode();
        notification.put("level", "warning");
        String code = Objects.requireNonNullElse(warning.code(), "WARNING");
        notification.putObject("message").put("text", Objects.requireNonNullElse(warning.message(), code));
        notification.putObject("descriptor").put("id", code);
        if (warning.path() != null && SarifUris.isSafeRelative(warning.path())) {
            notification.putArray("locations").addObject().putObject("physicalLocation")
                    .set("artifactLocation", artifactLocation(warning.path()));
        } else if (warning.path() != null) {
            notification.putObject("properties").put("path", warning.path());
        }
        return notification;
    }

    private static ObjectNode result(Detection detection, SarifRules rules) {
        ObjectNode result = NODES.objectNode();
        result.put("ruleId", detection.ruleId());
        result.put("ruleIndex", rules.indexOf(detection.ruleId()));
        result.put("level", SarifRules.level(detection.severity()));
        result.putObject("message").put("text", detection.description());
        ObjectNode physical = result.putArray("locations").addObject().putObject("physicalLocation");
        physical.set("artifactLocation", artifactLocation(detection.path()));
        physical.putObject("region").put("startLine", detection.line());
        result.putObject("partialFingerprints").put(FINGERPRINT_KEY, detection.fingerprint());
        ObjectNode properties = result.putObject("properties");
        properties.put("scan_type", detection.kind().wire());
        properties.put("severity", detection.severity().wire());
        if (detection.fixAvailable() != null && !detection.fixAvailable().isBlank()) {
            properties.put("fix_available", detection.fixAvailable());
        }
        properties.put("is_direct", detection.isDirect());
        properties.put("is_breaking", detection.isBreaking());
        return result;
    }

    private static ObjectNode artifactLocation(String path) {
        ObjectNode location = NODES.objectNode();
        location.put("uri", SarifUris.relative(path));
        location.put("uriBaseId", SOURCE_ROOT);
        return location;
    }
}
