package dev.vigil.desktop.scans;

import dev.vigil.model.ScanWarning;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The warnings of a completed scan that a user must not miss: an archive with nothing a kind reads
 * resolved nothing of that kind, so "0 findings" does not mean the project is clean.
 */
final class ScanNotices {

    private static final Set<String> NOTHING_RESOLVED = Set.of("NOTHING_TO_SCAN", "NO_FILES_FOR_KIND");

    private ScanNotices() {
    }

    /** The server's sentences for those warnings, each as a sentence; empty when there are none. */
    static String nothingResolved(List<ScanWarning> warnings) {
        return warnings.stream().filter(w -> NOTHING_RESOLVED.contains(w.code()))
                .map(w -> Character.toUpperCase(w.message().charAt(0)) + w.message().substring(1) + ".")
                .collect(Collectors.joining(" "));
    }
}
