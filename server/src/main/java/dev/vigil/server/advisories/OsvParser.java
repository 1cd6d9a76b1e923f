package dev.vigil.server.advisories;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.server.scan.sca.Advisory;
import dev.vigil.server.scan.sca.AffectedPackage;
import dev.vigil.server.scan.sca.Ecosystem;
import dev.vigil.server.scan.sca.PackageNames;
import dev.vigil.server.scan.sca.VersionRange;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the facts of one OSV record. A record without an id or without any affected package of a supported
 * ecosystem (with ranges or versions) is not an advisory Vigil can match: it is skipped.
 */
public final class OsvParser {

    private static final int MAX_SUMMARY = 500;

    private OsvParser() {
    }

    public static Optional<Advisory> parse(JsonNode record, String source) {
        String id = record.path("id").asText("");
        if (id.isBlank() || !record.path("modified").isTextual()) {
            return Optional.empty();
        }
        List<AffectedPackage> affected = affected(record.path("affected"));
        if (affected.isEmpty()) {
            return Optional.empty();
        }
        JsonNode specific = record.path("database_specific");
        return Optional.of(new Advisory(id, time(record.path("modified")), time(record.path("published")),
                time(record.path("withdrawn")), summary(record), specific.path("severity").asText(""),
                cvssVector(record.path("severity")), cwes(record), texts(record.path("aliases")),
                references(record.path("references")), affected, source));
    }

    private static List<AffectedPackage> affected(JsonNode entries) {
        List<AffectedPackage> out = new ArrayList<>();
        for (JsonNode entry : entries) {
            JsonNode pkg = entry.path("package");
            Optional<Ecosystem> ecosystem = Ecosystem.ofOsv(pkg.path("ecosystem").asText(""));
            String name = pkg.path("name").asText("");
            if (ecosystem.isEmpty() || name.isBlank()) {
                continue;
            }
            List<VersionRange> ranges = ranges(entry.path("ranges"));
            List<String> versions = texts(entry.path("versions"));
            if (!ranges.isEmpty() || !versions.isEmpty()) {
                out.add(new AffectedPackage(ecosystem.get(), PackageNames.normalise(ecosystem.get(), name),
                        ranges, versions));
            }
        }
        return out;
    }

    private static List<VersionRange> ranges(JsonNode ranges) {
        List<VersionRange> out = new ArrayList<>();
        for (JsonNode range : ranges) {
            String type = range.path("type").asText("");
            if (!type.equals("ECOSYSTEM") && !type.equals("SEMVER")) {
                continue;
            }
            List<VersionRange.Event> events = new ArrayList<>();
            for (JsonNode event : range.path("events")) {
                event.properties().forEach(field -> VersionRange.Kind.ofOsv(field.getKey())
                        .filter(kind -> field.getValue().isTextual())
                        .ifPresent(kind -> events.add(new VersionRange.Event(kind, field.getValue().asText()))));
            }
            if (!events.isEmpty()) {
                out.add(new VersionRange(type, events));
            }
        }
        return out;
    }

    private static String summary(JsonNode record) {
        String summary = record.path("summary").asText("").strip();
        if (summary.isEmpty()) {
            summary = record.path("details").asText("").strip().split("\\R", 2)[0];
        }
        return summary.length() <= MAX_SUMMARY ? summary : summary.substring(0, MAX_SUMMARY - 1) + "…";
    }

    /** The first CVSS v3 vector, else the first v4 one. */
    private static String cvssVector(JsonNode severities) {
        String v4 = "";
        for (JsonNode severity : severities) {
            String type = severity.path("type").asText("");
            String score = severity.path("score").asText("");
            if (type.equals("CVSS_V3") && score.startsWith("CVSS:3")) {
                return score;
            }
            if (type.equals("CVSS_V4") && v4.isEmpty()) {
                v4 = score;
            }
        }
        return v4;
    }

    private static List<String> cwes(JsonNode record) {
        Set<String> cwes = new LinkedHashSet<>(texts(record.path("database_specific").path("cwe_ids")));
        for (JsonNode entry : record.path("affected")) {
            cwes.addAll(texts(entry.path("database_specific").path("cwe_ids")));
        }
        return List.copyOf(cwes);
    }

    private static List<String> references(JsonNode references) {
        List<String> out = new ArrayList<>();
        for (JsonNode reference : references) {
            String url = reference.path("url").asText("");
            if (!url.isBlank()) {
                out.add(url);
            }
        }
        return out;
    }

    static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        for (JsonNode item : array) {
            if (item.isTextual() && !item.asText().isBlank()) {
                out.add(item.asText().strip());
            }
        }
        return out;
    }

    private static long time(JsonNode value) {
        if (!value.isTextual()) {
            return 0;
        }
        try {
            return Instant.parse(value.asText()).toEpochMilli();
        } catch (DateTimeParseException e) {
            return 0;
        }
    }
}
