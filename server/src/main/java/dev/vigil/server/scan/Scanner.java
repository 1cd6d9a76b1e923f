package dev.vigil.server.scan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vigil.model.ScanKind;

import java.util.List;
import java.util.Optional;

/**
 * An analysis engine: secrets, iac or sca. The pipeline reads an archive once, as a stream, and offers
 * every regular file to a {@link Session} of each scanner the scan runs.
 *
 * <p>Contract: a scanner MUST NOT reach the network or the file system on behalf of a scanned file, MUST
 * run in time linear in its input (hostile files included), and MUST NOT throw for malformed content:
 * it reports a {@link dev.vigil.model.ScanWarning} through {@link Warnings} and goes on. A session MUST report
 * every file of its kind through {@link Warnings#reads}, so that a kind with nothing to scan resolves nothing.
 * Implementations are thread-safe; a session is used by one thread.
 */
public interface Scanner {

    ScanKind kind();

    /** A new session for one scan. */
    Session start(Warnings warnings);

    /**
     * A new session for one scan that MUST stop its long work (between files, in long loops) once
     * {@code deadline} has {@link ScanDeadline#passed() passed}, and keep what it found so far. A scanner
     * whose work per file is bounded by the archive limits MAY keep the default, which ignores it.
     */
    default Session start(Warnings warnings, ScanDeadline deadline) {
        return start(warnings);
    }

    /** The per-scan state of a scanner. */
    interface Session {

        /** Offers one file. A session that needs other files (a parent pom, say) MAY keep it until {@link #finish}. */
        void scan(SourceFile file);

        /** Called once after the last file: everything detected in this scan. */
        List<Detection> finish();

        /**
         * After {@link #finish}: a CycloneDX bill of materials of what the session saw, if its engine makes one
         * (the dependency engine does). {@code serial} seeds the BOM's serial number.
         */
        default Optional<ObjectNode> billOfMaterials(String serial) {
            return Optional.empty();
        }
    }

    /**
     * Where a session reports the files of its kind and what it could not do. A warning MUST NOT quote a file's
     * content (a parser's message does: report a rejected file through {@link #unreadable}).
     */
    @FunctionalInterface
    interface Warnings {

        /** Something the session could not do; {@code message} is the scanner's own words. */
        void warn(String code, String message, String path);

        /** A file of this session's kind, whether or not its parser accepts it: the kind had something to scan. */
        default void reads(String path) {
        }

        /**
         * A file that its parser rejected, as warning {@code code} with only {@code error}'s place: no finding of
         * this session's kind is resolved by the scan.
         */
        default void unreadable(String code, String path, ParseError error) {
            warn(code, error.message(), path);
        }

        /**
         * A file of this kind that was read but not checked (no advisories for its ecosystem, say): the scan
         * resolves none of this kind's findings in it. The session warns about it separately.
         */
        default void unchecked(String path) {
        }
    }
}
