package dev.vigil.server.scan;

import dev.vigil.model.ScanWarning;

import java.util.List;

/**
 * What one archive pass did.
 *
 * @param filesRead         regular files handed over
 * @param bytesRead         content bytes of those files
 * @param compressedBytes   bytes taken from the upload
 * @param uncompressedBytes bytes decompressed (tar headers and skipped content included)
 * @param complete          whether the pass reached the end of the archive; when false (a limit, truncation or
 *                          corruption stopped it) files after the stop were not seen, so a finding missing from
 *                          this scan must not be taken as fixed
 * @param warnings          in the order they arose; see {@link ArchiveWarningCode}
 */
public record ArchiveSummary(int filesRead, long bytesRead, long compressedBytes, long uncompressedBytes,
                             boolean complete, List<ScanWarning> warnings) {

    public ArchiveSummary {
        if (filesRead < 0 || bytesRead < 0 || compressedBytes < 0 || uncompressedBytes < 0) {
            throw new IllegalArgumentException("counts must not be negative");
        }
        warnings = List.copyOf(warnings);
    }

    public boolean hasWarning(ArchiveWarningCode code) {
        return warnings.stream().anyMatch(w -> w.code().equals(code.name()));
    }
}
