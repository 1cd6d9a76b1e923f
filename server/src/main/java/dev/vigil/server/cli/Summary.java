package dev.vigil.server.cli;

import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanSummary;
import dev.vigil.model.ScanWarning;

import java.io.PrintWriter;

/** The table {@code vigil submit} prints once the scan has finished. */
final class Summary {

    private Summary() {
    }

    static void print(PrintWriter out, ScanDetail scan) {
        ScanSummary s = scan.summary();
        out.printf("%nVigil scan %s: %s%n", scan.id(), scan.status().wire());
        out.printf("  project %s, branch %s, commit %s, %s%s%n", scan.projectName(), scan.branch(),
                scan.commitHash().substring(0, Math.min(12, scan.commitHash().length())), scan.scanType().wire(),
                scan.prId() == null ? "" : ", pull request #" + scan.prId());
        out.println();
        out.printf("  %-10s %8s%n", "severity", "findings");
        row(out, "critical", s.critical());
        row(out, "high", s.high());
        row(out, "medium", s.medium());
        row(out, "low", s.low());
        row(out, "info", s.info());
        row(out, "total", s.total());
        if (s.introduced() != null) {
            out.println();
            row(out, "introduced", s.introduced());
            if (s.debt() != null) {
                row(out, "debt", s.debt());
            }
            row(out, "blocking", s.blocking() == null ? 0 : s.blocking());
        }
        for (ScanWarning w : scan.scanWarnings()) {
            out.printf("  warning %s: %s%s%n", w.code(), w.message(), w.path() == null ? "" : " (" + w.path() + ")");
        }
        if (scan.prComment() != null && scan.prId() != null) {
            out.printf("%n  pull-request comment: %s%n", scan.prComment().status());
        }
        out.printf("%n  %s%n", scan.isBlocked() ? "BLOCKED: introduced findings violate the project's policy"
                : "not blocked");
    }

    private static void row(PrintWriter out, String label, int count) {
        out.printf("  %-10s %8d%n", label, count);
    }
}
