package dev.vigil.server.bench;

import dev.vigil.model.Project;
import dev.vigil.model.ScanType;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.zip.ZipFile;

/**
 * A full scan of a ~50 MiB source archive from submission to {@code completed} on a real server (HSQLDB
 * file database, two workers): {@code secrets} and {@code full}, one warm-up then three timed runs each,
 * split into upload, queue and processing (up to the poll, every 50 ms, that sees it completed). Beside it,
 * the archive pass and the secrets engine alone on the same bytes, in this process, to show where the
 * processing time goes.
 *
 * <p>Run: {@code ./bench scan [-Dbench.scan.tree=generated|jdk] [-Dbench.scan.runs=3]}. Target (issue): at most
 * 10 s from submission to completed.
 */
public final class ScanBench {

    static final long ARCHIVE_CAP = 50L << 20;
    private static final int RUNS = Integer.getInteger("bench.scan.runs", 3);
    private static final int SECRETS = 50;
    private static final String TREE = System.getProperty("bench.scan.tree", "generated");

    private ScanBench() {
    }

    public static void main(String[] args) throws IOException {
        run();
    }

    public static void run() throws IOException {
        BenchEnvironment.print("scan: ~50 MiB archive, submission to completed");
        byte[] archive = archive();
        EnginePass.median(archive, RUNS).print();
        try (BenchServer server = BenchServer.start()) {
            BenchServer.Tenant tenant = server.tenant("scan-bench");
            Project project = tenant.project("monorepo");
            List<ScanRunner.Timing> timings = new ArrayList<>();
            Table table = new Table("scan_type", "run", "total s", "upload s", "queued s", "processing s",
                    "completed_at - started_at s", "findings", "warnings");
            for (ScanType type : List.of(ScanType.SECRETS, ScanType.FULL)) {
                for (int run = 0; run <= RUNS; run++) {
                    ScanRunner.Timing t = ScanRunner.run(tenant.owner(), project.id(), archive, type, timings.size() + 1);
                    timings.add(t);
                    table.row(type.wire(), run == 0 ? "warm-up" : run, ScanRunner.seconds(t.totalSeconds()),
                            ScanRunner.seconds(t.uploadSeconds()), ScanRunner.seconds(t.queuedSeconds()),
                            ScanRunner.seconds(t.processingSeconds()), ScanRunner.seconds(t.stampedSeconds()),
                            t.detail().findingsCount(),
                            t.detail().scanWarnings().size());
                }
            }
            table.print();
            printMedians(timings);
            printWarnings(timings.getLast());
        }
    }

    /**
     * The source tree ({@code -Dbench.scan.tree=generated}, ArchiveBench's, or {@code jdk}, the running JDK's
     * src.zip), just under the 50 MiB upload cap, with about 50 planted secrets.
     */
    static byte[] archive() throws IOException {
        long start = System.nanoTime();
        long target = ARCHIVE_CAP - (768 << 10);
        boolean jdk = TREE.equals("jdk");
        PlantedSecrets secrets = new PlantedSecrets(SECRETS, jdk ? jdkFiles(target) : (int) (target / 2_950), 7);
        byte[] archive = jdk ? JdkSourceTree.archive(target, secrets)
                : ArchiveBench.buildArchive(target, new Random(20240611), secrets);
        if (archive.length > ARCHIVE_CAP) {
            throw new IllegalStateException("the archive overshot the 50 MiB cap: " + archive.length);
        }
        System.out.printf(Locale.ROOT, "archive: %s tree, %d bytes (%.2f MiB) compressed, %d planted secrets, built in "
                + "%.1f s%n", TREE, archive.length, archive.length / 1048576.0, secrets.planted(),
                (System.nanoTime() - start) / 1e9);
        return archive;
    }

    /** About how many files of the JDK's sources fit in {@code target} compressed bytes. */
    private static int jdkFiles(long target) throws IOException {
        try (ZipFile zip = new ZipFile(JdkSourceTree.zip().toFile())) {
            double share = Math.min(1.0, (double) target / Files.size(JdkSourceTree.zip()));
            return (int) (zip.size() * share);
        }
    }

    private static void printMedians(List<ScanRunner.Timing> timings) {
        Table table = new Table("scan_type", "median total s", "median upload s", "median processing s", "<= 10 s");
        for (int type = 0; type < 2; type++) {
            List<ScanRunner.Timing> timed = timings.subList(type * (RUNS + 1) + 1, (type + 1) * (RUNS + 1));
            double total = median(timed, ScanRunner.Timing::totalSeconds);
            table.row(timed.getFirst().detail().scanType().wire(), ScanRunner.seconds(total),
                    ScanRunner.seconds(median(timed, ScanRunner.Timing::uploadSeconds)),
                    ScanRunner.seconds(median(timed, ScanRunner.Timing::processingSeconds)), total <= 10 ? "met" : "missed");
        }
        table.print();
    }

    /** What the warnings of a scan are, by code: the engines' notes on files they could not read. */
    private static void printWarnings(ScanRunner.Timing last) {
        Map<String, Long> byCode = new TreeMap<>();
        last.detail().scanWarnings().forEach(w -> byCode.merge(w.code(), 1L, Long::sum));
        System.out.println("warnings of the last " + last.detail().scanType().wire() + " scan by code: " + byCode);
    }

    private static double median(List<ScanRunner.Timing> timings, ToDoubleFunction<ScanRunner.Timing> f) {
        return Latency.medianSeconds(timings.stream().mapToDouble(f).toArray());
    }
}
