package dev.vigil.server.bench;

import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.store.MergeRepository;
import dev.vigil.server.store.PolicyRepository;
import dev.vigil.server.store.ProjectRepository;
import dev.vigil.server.store.ScanRow;
import dev.vigil.server.triage.FindingMerger;
import dev.vigil.server.triage.SlaPolicy;

import java.util.EnumSet;
import java.util.List;
import java.util.UUID;

/**
 * {@link FindingMerger#merge} alone, as the scan processor calls it (inside one transaction, committed),
 * with 10,000 synthetic detections: new (into an empty project), refresh (the same again), resolve (half
 * of them): one warm-up project, then {@code bench.merge.runs} fresh projects.
 */
final class MergeAlone {

    private static final int COUNT = MergeBench.FILES * MergeBench.PER_FILE;
    private static final int RUNS = Integer.getInteger("bench.merge.runs", 3);

    private MergeAlone() {
    }

    static void run(BenchServer server, BenchServer.Tenant tenant) {
        FindingMerger merger = new FindingMerger(new ProjectRepository(), new MergeRepository(), SlaPolicy.defaults(),
                new PolicyRepository());
        List<Detection> all = MergeBench.detections(COUNT);
        List<Detection> half = all.subList(0, COUNT / 2);
        Table table = new Table("project", "new s", "refresh s", "resolve s");
        double[][] seconds = new double[3][RUNS];
        for (int run = 0; run <= RUNS; run++) {
            UUID project = tenant.project("merge-alone-" + run).id();
            double[] t = {time(server, merger, scan(tenant, project), all), time(server, merger, scan(tenant, project), all),
                    time(server, merger, scan(tenant, project), half)};
            table.row(run == 0 ? "warm-up" : "run " + run, ScanRunner.seconds(t[0]), ScanRunner.seconds(t[1]),
                    ScanRunner.seconds(t[2]));
            for (int p = 0; run > 0 && p < 3; p++) {
                seconds[p][run - 1] = t[p];
            }
        }
        System.out.println("(b) FindingMerger.merge alone, " + COUNT + " detections, one transaction each");
        table.print();
        MergeBench.printMedians("(b) merge alone, median s", seconds);
    }

    private static double time(BenchServer server, FindingMerger merger, ScanRow scan, List<Detection> detections) {
        long start = System.nanoTime();
        server.database().inTransaction(c -> merger.merge(c, scan, EnumSet.allOf(ScanKind.class), detections,
                System.currentTimeMillis(), (kind, path) -> true));
        return (System.nanoTime() - start) / 1e9;
    }

    /** A running default-branch scan of every kind, as a worker holds it (never stored: merge does not read it). */
    private static ScanRow scan(BenchServer.Tenant tenant, UUID project) {
        long now = System.currentTimeMillis();
        return ScanRow.builder(UUID.randomUUID(), tenant.id(), project)
                .commit("main", "0".repeat(40))
                .scanType(ScanType.FULL)
                .status(ScanStatus.RUNNING)
                .createdAt(now)
                .started(now, 1)
                .build();
    }
}
