package dev.vigil.server.testing;

import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.FindingCounts;
import dev.vigil.server.store.MergeRepository;
import dev.vigil.server.store.MergeRepository.NewFinding;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/**
 * Writes findings straight into a project through the merge repository, for tests and benchmarks that
 * need many findings of every severity and kind without scanning archives.
 */
public final class FindingSeeder {

    private static final String[] RULES = {"aws-access-token", "CVE-2021-44228", "GHSA-jf85-cpcp-j695",
            "AVD-AWS-0086", "github-pat", "CKV_AWS_20", "generic-api-key", "CVE-2022-22965"};

    private final Database database;
    private final Random random;

    public FindingSeeder(Database database, long seed) {
        this.database = database;
        this.random = new Random(seed);
    }

    /** Inserts {@code count} findings, committing every 5,000; first_seen spreads back from {@code now}. */
    public void seed(UUID tenantId, UUID projectId, int count, long now) {
        for (int done = 0; done < count; ) {
            int batch = Math.min(5_000, count - done);
            List<NewFinding> rows = new ArrayList<>(batch);
            for (int i = 0; i < batch; i++) {
                long firstSeen = now - random.nextInt(400) * 86_400_000L - random.nextInt(86_400_000);
                rows.add(new NewFinding(UUID.randomUUID(), detection(done + i), firstSeen,
                        firstSeen + 30L * 86_400_000L));
            }
            insert(database, tenantId, projectId, rows);
            done += batch;
        }
    }

    /** Inserts the findings in one transaction as a merge does, with their counts. */
    public static void insert(Database database, UUID tenantId, UUID projectId, List<NewFinding> rows) {
        database.run(c -> {
            FindingCounts.Changes counts = new FindingCounts.Changes();
            new MergeRepository().insert(c, tenantId, projectId, rows, counts);
            counts.apply(c);
        });
    }

    public Detection detection(int n) {
        Severity severity = Severity.values()[random.nextInt(Severity.values().length)];
        ScanKind kind = ScanKind.values()[random.nextInt(ScanKind.values().length)];
        String rule = RULES[random.nextInt(RULES.length)];
        String path = "services/svc-" + random.nextInt(200) + "/src/module" + random.nextInt(50) + "/File" + n + ".java";
        String cwe = "CWE-" + (100 + random.nextInt(800));
        int line = 1 + random.nextInt(500);
        String description = "Problem " + n + " found by " + rule + " in component c" + random.nextInt(10_000);
        String fix = "upgrade to 1." + random.nextInt(20);
        boolean breaking = random.nextBoolean();
        boolean direct = random.nextBoolean();
        return Detection.builder(kind, rule, severity, path, line, "identity-" + n)
                .title("Finding " + rule)
                .cwe(cwe)
                .description(description)
                .fixAvailable(fix)
                .breaking(breaking)
                .direct(direct)
                .build();
    }
}
