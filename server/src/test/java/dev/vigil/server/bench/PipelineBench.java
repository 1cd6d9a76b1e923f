package dev.vigil.server.bench;

import dev.vigil.model.Project;
import dev.vigil.model.ScanType;
import dev.vigil.server.pipeline.ScanStage;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The scan pipeline against the machine's floor, in one run: about 100 MB of real {@code .py} and {@code .js}
 * files ({@link PipelineCorpus}) submitted as {@code .tar.gz} to a freshly started server (real HTTP, real
 * port, HSQLDB file database, two workers), three secrets scans then three full scans, each timed end to end
 * (from the first byte sent to the poll, every 10 ms, that sees it completed) and by stage (the server's
 * {@code vigil_scan_stage_seconds}). Right before each scan, on the same files, the keyword pass
 * ({@link PipelineFloor}): on a shared machine the ratio of each pair is what holds still. Then
 * {@code tar -xzf} of the archive, and the medians.
 *
 * <p>Run: {@code ./bench pipeline [-Dbench.pipeline.mb=100] [-Dbench.pipeline.runs=3]}. Target (issue 31): a
 * secrets scan at most 3x the keyword pass, a full scan at most 4x.
 */
public final class PipelineBench {

    private static final long MEGABYTES = Long.getLong("bench.pipeline.mb", 100);
    private static final int RUNS = Integer.getInteger("bench.pipeline.runs", 3);
    private static final long POLL_MILLIS = 10;
    private static final List<ScanStage> STAGES = List.of(ScanStage.values());

    /** One timed scan: its end-to-end time, its stages as the server measured them, and the floor beside it. */
    record Run(ScanType type, ScanRunner.Timing timing, Map<ScanStage, Double> stages, double keywordPass) {

        double ratio() {
            return timing.totalSeconds() / keywordPass;
        }
    }

    private PipelineBench() {
    }

    public static void main(String[] args) throws Exception {
        run();
    }

    public static void run() throws IOException, InterruptedException {
        BenchEnvironment.print("pipeline: ~" + MEGABYTES + " MB of real source, submission to completed, beside "
                + "the floor");
        try (PipelineCorpus corpus = PipelineCorpus.build(MEGABYTES * 1_000_000);
             PipelineFloor floor = new PipelineFloor(corpus)) {
            System.out.println(corpus);
            List<Run> runs = scans(corpus, floor);
            double[] untar = new double[RUNS];
            for (int i = 0; i < RUNS; i++) {
                untar[i] = floor.untar();
            }
            printStages(runs);
            printSummary(runs, Latency.medianSeconds(untar), floor.keywords(), corpus);
        }
    }

    /** Each scan right after a keyword pass over the same files, so that both meet the same neighbours. */
    private static List<Run> scans(PipelineCorpus corpus, PipelineFloor floor) throws IOException,
            InterruptedException {
        byte[] archive = corpus.archiveContent();
        List<Run> runs = new ArrayList<>();
        try (BenchServer server = BenchServer.start()) {
            BenchServer.Tenant tenant = server.tenant("pipeline-bench");
            Project project = tenant.project("corpus");
            StageReadings readings = new StageReadings(server.server().uri());
            for (ScanType type : List.of(ScanType.SECRETS, ScanType.FULL)) {
                for (int i = 0; i < RUNS; i++) {
                    double keywordPass = floor.keywordPass();
                    StageReadings.Reading before = readings.read();
                    ScanRunner.Timing timing = ScanRunner.run(tenant.owner(), project.id(), archive, type,
                            runs.size() + 1, POLL_MILLIS);
                    StageReadings.Reading after = readings.after(before, ScanStage.COMPLETED);
                    runs.add(new Run(type, timing, after.since(before), keywordPass));
                }
            }
        }
        return runs;
    }

    private static void printStages(List<Run> runs) {
        List<String> headers = new ArrayList<>(List.of("scan", "run", "end to end s", "keyword pass s", "ratio"));
        STAGES.forEach(stage -> headers.add(stage.label()));
        Table table = new Table(headers.toArray(String[]::new));
        for (int i = 0; i < runs.size(); i++) {
            Run run = runs.get(i);
            List<Object> cells = new ArrayList<>(List.of(run.type().wire(), i % RUNS + 1,
                    ScanRunner.seconds(run.timing().totalSeconds()), ScanRunner.seconds(run.keywordPass()),
                    ScanRunner.seconds(run.ratio())));
            STAGES.forEach(stage -> cells.add(ScanRunner.seconds(run.stages().getOrDefault(stage, 0.0))));
            table.row(cells.toArray());
        }
        System.out.println("each scan beside the keyword pass run just before it; stages in seconds (the server's "
                + "vigil_scan_stage_seconds; the engines run beside inflated):");
        table.print();
    }

    private static void printSummary(List<Run> runs, double untar, int keywords, PipelineCorpus corpus) {
        double mb = corpus.bytes() / 1e6;
        double keywordPass = Latency.medianSeconds(runs.stream().mapToDouble(Run::keywordPass).toArray());
        Table table = new Table("pass over the same files", "median s", "MB/s", "x keyword pass",
                "median of the ratios", "target");
        table.row("keyword pass: grep -c -F -i -f KEYWORDS (" + keywords + " keywords) -r, LC_ALL=C",
                ScanRunner.seconds(keywordPass), rate(mb, keywordPass), "1.00", "", "");
        table.row("tar -xzf of the archive", ScanRunner.seconds(untar), rate(mb, untar),
                ratio(untar, keywordPass), "", "");
        for (ScanType type : List.of(ScanType.SECRETS, ScanType.FULL)) {
            List<Run> ofType = runs.stream().filter(r -> r.type() == type).toList();
            double median = Latency.medianSeconds(ofType.stream().mapToDouble(r -> r.timing().totalSeconds())
                    .toArray());
            double ratios = Latency.medianSeconds(ofType.stream().mapToDouble(Run::ratio).toArray());
            int limit = type == ScanType.SECRETS ? 3 : 4;
            table.row("Vigil " + type.wire() + " scan, POST to completed", ScanRunner.seconds(median),
                    rate(mb, median), ratio(median, keywordPass), ScanRunner.seconds(ratios),
                    "<= " + limit + "x: " + (ratios <= limit ? "met" : "missed"));
        }
        System.out.println("summary, medians of " + RUNS + ":");
        table.print();
    }

    private static String rate(double mb, double seconds) {
        return String.format(Locale.ROOT, "%.0f", mb / seconds);
    }

    private static String ratio(double seconds, double floor) {
        return String.format(Locale.ROOT, "%.2f", seconds / floor);
    }
}
