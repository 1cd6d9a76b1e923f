package dev.vigil.server.pipeline;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.work.Failures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Optional;

/**
 * Keeps one scanner's failure on one file from ending the scan: whatever it throws (a stack overflow on a
 * hostile file included) becomes a {@code SCANNER_ERROR} warning, and the kind counts as not read. In
 * {@link #finish} a stack overflow fails the scan as any exception there does, instead of ending the worker.
 * The time the scanner spends goes to its engine's stage in {@code times}.
 */
record GuardedSession(Scanner.Session session, KindReport report, StageTimes times) implements Scanner.Session {

    private static final Logger LOG = LoggerFactory.getLogger(GuardedSession.class);

    @Override
    public void scan(SourceFile file) {
        long start = System.nanoTime();
        try {
            session.scan(file);
        } catch (Throwable e) {
            LOG.warn("scanner failed on {}: {}", file.path(), Failures.describe(e));
            report.failed(file.path(), e);
        } finally {
            times.add(stage(), System.nanoTime() - start);
        }
    }

    @Override
    public List<Detection> finish() {
        long start = System.nanoTime();
        try {
            return session.finish();
        } catch (StackOverflowError e) {
            throw new IllegalStateException("a scanner overflowed its stack", e);
        } finally {
            times.add(stage(), System.nanoTime() - start);
        }
    }

    @Override
    public Optional<ObjectNode> billOfMaterials(String serial) {
        return session.billOfMaterials(serial);
    }

    private ScanStage stage() {
        return ScanStage.of(report.kind());
    }
}
