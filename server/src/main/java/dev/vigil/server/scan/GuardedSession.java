package dev.vigil.server.scan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Optional;

/**
 * Keeps one scanner's failure on one file from ending the scan: it becomes a {@code SCANNER_ERROR} warning,
 * and the file counts as not read. A stack overflow (deep recursion on a hostile file) is such a failure
 * too; in {@link #finish} it fails the scan as any exception there does, instead of ending the worker.
 */
record GuardedSession(Scanner.Session session, Scanner.Warnings warnings, Coverage coverage)
        implements Scanner.Session {

    private static final Logger LOG = LoggerFactory.getLogger(GuardedSession.class);

    @Override
    public void scan(SourceFile file) {
        try {
            session.scan(file);
        } catch (RuntimeException | StackOverflowError e) {
            coverage.missed(file.path());
            LOG.warn("scanner failed on {}", file.path(), e);
            warnings.warn("SCANNER_ERROR", "a scanner failed on this file: " + e.getClass().getSimpleName(),
                    file.path());
        }
    }

    @Override
    public List<Detection> finish() {
        try {
            return session.finish();
        } catch (StackOverflowError e) {
            throw new IllegalStateException("a scanner overflowed its stack", e);
        }
    }

    @Override
    public Optional<ObjectNode> billOfMaterials(String serial) {
        return session.billOfMaterials(serial);
    }
}
