package dev.vigil.server.scan;

import dev.vigil.model.ScanKind;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Optional;

/**
 * An analysis engine: secrets, iac or sca. The pipeline reads an archive once, as a stream, and offers
 * every regular file to a {@link Session} of each scanner the scan runs.
 *
 * <p>Contract: a scanner MUST NOT reach the network or the file system on behalf of a scanned file, MUST
 * run in time linear in its input (hostile files included), and MUST NOT throw for malformed content:
 * it reports a {@link dev.vigil.model.ScanWarning} through {@link Warnings} and goes on. Implementations
 * are thread-safe; a session is used by one thread.
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

    /** Where a scanner reports what it could not do. */
    @FunctionalInterface
    interface Warnings {
        void warn(String code, String message, String path);
    }
}
