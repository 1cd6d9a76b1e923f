package dev.vigil.server.scan.sca;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.time.Instant;
import java.util.Objects;

/**
 * How much advisory data one ecosystem has and how fresh it is.
 *
 * @param newestModified epoch milliseconds of the newest {@code modified} among its advisories
 * @param importedAt     epoch milliseconds of the last import that touched it
 * @param source         what that import read (file names or mirror URL)
 */
public record ImportStatus(Ecosystem ecosystem, int advisories, long newestModified, long importedAt, String source) {

    public ImportStatus {
        Objects.requireNonNull(ecosystem, "ecosystem");
        source = source == null ? "" : source;
    }

    /** The status row of {@code GET /v1/advisories/status}. */
    public record View(String ecosystem, int advisories, @JsonProperty("newest_modified") String newestModified,
                       @JsonProperty("imported_at") String importedAt, String source) {
    }

    public View view() {
        return new View(ecosystem.osvName(), advisories, Instant.ofEpochMilli(newestModified).toString(),
                Instant.ofEpochMilli(importedAt).toString(), source);
    }
}
