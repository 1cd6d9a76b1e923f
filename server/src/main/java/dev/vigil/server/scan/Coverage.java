package dev.vigil.server.scan;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a scan actually read. A finding the scan did not see is only resolved when the scan read its file:
 * not when the archive pass stopped early (a limit, a truncated upload), nor when its file was skipped
 * (too large, sparse) or a scanner failed on it.
 */
final class Coverage {

    /** The archive warnings whose path names a file that was skipped, not read. */
    private static final Set<String> UNREAD = Set.of(ArchiveWarningCode.FILE_TOO_LARGE.name(),
            ArchiveWarningCode.SPARSE_FILE_SKIPPED.name());

    private final Set<String> missed = ConcurrentHashMap.newKeySet();
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

    void missed(String path) {
        missed.add(path);
    }

    /** True when the scan read {@code path} entirely: what it did not find there is gone. */
    boolean read(String path) {
        return complete && !missed.contains(path);
    }
}
