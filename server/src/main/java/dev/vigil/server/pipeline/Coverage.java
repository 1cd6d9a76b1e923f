package dev.vigil.server.pipeline;

import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanWarning;
import dev.vigil.server.scan.ArchiveSummary;
import dev.vigil.server.scan.ArchiveWarningCode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a scan actually read. A finding the scan did not see is only resolved when the scan read its file:
 * not when the archive pass stopped early (a limit, a truncated upload, the scan's time limit), nor when its
 * file was skipped (too large, sparse) or not checked (a lockfile of an ecosystem without advisories). A
 * kind resolves nothing at all when the archive held no file of that kind (an empty archive, a folder
 * picked by mistake), or when its parser rejected any of its files or its scanner failed on one: a broken
 * file's findings are unknown, and so is what it did to the other files of its kind (a Terraform module
 * spans its directory, a pom its parents), so the kind keeps every finding as it was until the file reads
 * again ({@code docs/adr/0009-a-partial-scan-resolves-nothing-it-missed.md}).
 */
final class Coverage {

    static final String NOTHING_TO_SCAN = "NOTHING_TO_SCAN";
    static final String NO_FILES_FOR_KIND = "NO_FILES_FOR_KIND";

    /** The archive warnings whose path names a file that was skipped, not read. */
    private static final Set<String> UNREAD = Set.of(ArchiveWarningCode.FILE_TOO_LARGE.name(),
            ArchiveWarningCode.SPARSE_FILE_SKIPPED.name());

    private final Set<String> missed = ConcurrentHashMap.newKeySet();
    private final Set<ScanKind> withFiles = ConcurrentHashMap.newKeySet();
    private final Set<ScanKind> rejected = ConcurrentHashMap.newKeySet();
    private final Map<ScanKind, Set<String>> unchecked = new ConcurrentHashMap<>();
    private volatile boolean complete = true;

    void archive(ArchiveSummary summary) {
        complete = summary.complete();
        summary.warnings().stream()
                .filter(w -> w.path() != null && UNREAD.contains(w.code()))
                .forEach(w -> missed.add(w.path()));
    }

    /** The scan stopped short of reading everything (its time limit): nothing it did not see is gone. */
    void cut() {
        complete = false;
    }

    /** A file of {@code kind} in the archive. */
    void sawFile(ScanKind kind) {
        withFiles.add(kind);
    }

    /** A file of {@code kind} that its parser rejected or its scanner failed on. */
    void couldNotRead(ScanKind kind) {
        withFiles.add(kind);
        rejected.add(kind);
    }

    /** A file of {@code kind} read but not checked: its own findings of the kind stay as they were. */
    void unchecked(ScanKind kind, String path) {
        unchecked.computeIfAbsent(kind, k -> ConcurrentHashMap.newKeySet()).add(path);
    }

    /** True when the scan read {@code path} entirely for {@code kind}: what it did not find there is gone. */
    boolean read(ScanKind kind, String path) {
        return complete && withFiles.contains(kind) && !rejected.contains(kind) && !missed.contains(path)
                && !unchecked.getOrDefault(kind, Set.of()).contains(path);
    }

    /**
     * After a complete pass, a warning per kind of {@code ran} that had no file ({@value #NO_FILES_FOR_KIND}), or
     * one {@value #NOTHING_TO_SCAN} when none had any.
     */
    List<ScanWarning> warnings(Set<ScanKind> ran) {
        List<ScanKind> empty = ran.stream().filter(kind -> !withFiles.contains(kind)).sorted().toList();
        if (!complete || empty.isEmpty()) {
            return List.of();
        }
        if (empty.size() == ran.size()) {
            return List.of(new ScanWarning(NOTHING_TO_SCAN,
                    "the archive holds no file that this scan reads: no finding was resolved", null));
        }
        List<ScanWarning> warnings = new ArrayList<>();
        for (ScanKind kind : empty) {
            warnings.add(new ScanWarning(NO_FILES_FOR_KIND, "the archive holds no file that " + kind.wire()
                    + " analysis reads: no " + kind.wire() + " finding was resolved", null));
        }
        return warnings;
    }
}
