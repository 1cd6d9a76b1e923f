package dev.vigil.server.scan.sca;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The facts Vigil keeps of one OSV record: identifiers, what it affects, how severe it is.
 *
 * @param modified   epoch milliseconds of the record's {@code modified}
 * @param published  epoch milliseconds, 0 when the record has none
 * @param withdrawn  epoch milliseconds, 0 when the record is not withdrawn
 * @param severity   the advisory's own rating (LOW, MODERATE, HIGH, CRITICAL) or empty
 * @param cvssVector a CVSS v3 or v4 vector or empty
 * @param source     where it was imported from (a file or mirror name)
 */
public record Advisory(String id, long modified, long published, long withdrawn, String summary, String severity,
                       String cvssVector, List<String> cwes, List<String> aliases, List<String> references,
                       List<AffectedPackage> affected, String source) {

    private static final int MAX_REFERENCES = 100;

    public Advisory {
        Objects.requireNonNull(id, "id");
        summary = summary == null ? "" : summary;
        severity = severity == null ? "" : severity.toUpperCase(Locale.ROOT);
        cvssVector = cvssVector == null ? "" : cvssVector;
        cwes = List.copyOf(cwes);
        aliases = aliases.stream().filter(a -> !a.equals(id)).distinct().toList();
        references = references.stream().limit(MAX_REFERENCES).toList();
        affected = List.copyOf(affected);
        source = source == null ? "" : source;
    }

    /** The id a developer knows it by: its own if GHSA or CVE, else the first GHSA alias, else the first CVE. */
    public String preferredId() {
        if (rank(id) < 2) {
            return id;
        }
        return aliases.stream().filter(a -> rank(a) == 0).findFirst()
                .or(() -> aliases.stream().filter(a -> rank(a) == 1).findFirst())
                .orElse(id);
    }

    /** The id and every alias. */
    public List<String> allIds() {
        return Stream.concat(Stream.of(id), aliases.stream()).toList();
    }

    /** 0 for a GHSA id, 1 for a CVE id, 2 for any other. */
    public static int rank(String id) {
        return id.startsWith("GHSA-") ? 0 : id.startsWith("CVE-") ? 1 : 2;
    }
}
