package dev.vigil.server.bench;

import dev.vigil.server.scan.ArchiveReader;
import dev.vigil.server.scan.ArchiveSummary;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.secrets.SecretsScanner;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;

/**
 * What a worker's scan costs before the database: the archive pass alone, then the pass feeding a secrets
 * session, in this process on the same bytes (no HTTP, no database, no SARIF).
 */
final class EnginePass {

    /** Medians of the runs, in seconds, and what the last run read and found. */
    record Timing(double passSeconds, double withSecretsSeconds, ArchiveSummary summary, int found) {

        void print() {
            long bytes = summary.uncompressedBytes();
            new Table("in process, same archive (median)", "s", "MB/s uncompressed", "files", "secrets found")
                    .row("archive pass alone (gunzip, tar, files)", ScanRunner.seconds(passSeconds),
                            mbps(bytes, passSeconds), summary.filesRead(), "")
                    .row("archive pass + secrets session", ScanRunner.seconds(withSecretsSeconds),
                            mbps(bytes, withSecretsSeconds), summary.filesRead(), found)
                    .print();
        }
    }

    private EnginePass() {
    }

    /** One warm-up, then the medians of {@code runs}. */
    static Timing median(byte[] archive, int runs) {
        once(archive);
        double[] pass = new double[runs];
        double[] withSecrets = new double[runs];
        Timing last = null;
        for (int run = 0; run < runs; run++) {
            last = once(archive);
            pass[run] = last.passSeconds();
            withSecrets[run] = last.withSecretsSeconds();
        }
        return new Timing(Latency.medianSeconds(pass), Latency.medianSeconds(withSecrets), last.summary(), last.found());
    }

    private static Timing once(byte[] archive) {
        try {
            long t0 = System.nanoTime();
            ArchiveSummary summary = new ArchiveReader().read(new ByteArrayInputStream(archive), file -> { });
            long t1 = System.nanoTime();
            Scanner.Session session = new SecretsScanner().start((code, message, path) -> { });
            new ArchiveReader().read(new ByteArrayInputStream(archive), session::scan);
            int found = session.finish().size();
            return new Timing((t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9, summary, found);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String mbps(long bytes, double seconds) {
        return String.format(Locale.ROOT, "%.0f", bytes / 1e6 / seconds);
    }
}
