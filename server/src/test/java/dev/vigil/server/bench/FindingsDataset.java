package dev.vigil.server.bench;

import dev.vigil.client.VigilClient;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.NewUser;
import dev.vigil.model.Role;
import dev.vigil.server.store.FindingCounts;
import dev.vigil.server.store.FindingRepository;
import dev.vigil.server.store.Sql;
import dev.vigil.server.testing.FindingSeeder;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Random;
import java.util.UUID;

/**
 * One tenant holding many findings across many projects, as {@link FindingsBench} reads them: seeded with
 * {@link FindingSeeder} (every finding {@code open}), then a realistic share moved to the other statuses
 * and a few thousand assigned, through {@link FindingRepository}, then checkpointed.
 */
final class FindingsDataset {

    /** What building the data cost, and what it weighs on disk. */
    record Seeding(int findings, int projects, double seedSeconds, double triageSeconds, double checkpointSeconds,
                   long databaseBytes) {
    }

    record Data(BenchServer.Tenant tenant, List<UUID> projects, List<UUID> assignees, List<UUID> findingIds,
                Seeding seeding) {
    }

    static final int ASSIGNED_PER_USER = 1_000;
    private static final String KEPT = "seeded.properties";
    private static final int BATCH = 5_000;
    private static final Object[][] STATUS_SHARES = {{FindingStatus.IN_PROGRESS, 5}, {FindingStatus.IN_BACKLOG, 5},
            {FindingStatus.RESOLVED, 15}, {FindingStatus.ACCEPTED, 2}, {FindingStatus.FALSE_POSITIVE, 2}};

    private final BenchServer server;
    private final FindingRepository findings;
    private final boolean bulkTriage;

    FindingsDataset(BenchServer server) {
        this(server, false);
    }

    /**
     * {@code bulkTriage}: the same status shares set by one UPDATE per status (on {@code first_seen} modulo 100)
     * instead of a repository call per finding; for the load benchmark, where seeding time matters.
     */
    FindingsDataset(BenchServer server, boolean bulkTriage) {
        this.server = server;
        this.findings = new FindingRepository(server.database().dialect());
        this.bulkTriage = bulkTriage;
    }

    Data build(int count, int projectCount) {
        BenchServer.Tenant tenant = server.tenant("findings-bench");
        List<UUID> projects = new ArrayList<>();
        for (int i = 0; i < projectCount; i++) {
            projects.add(tenant.project(String.format(Locale.ROOT, "service-%03d", i)).id());
        }
        long t0 = System.nanoTime();
        seed(tenant.id(), projects, count);
        long t1 = System.nanoTime();
        List<UUID> ids = shuffledIds(tenant.id());
        if (bulkTriage) {
            triageInBulk(tenant.id());
        } else {
            triage(ids);
        }
        List<UUID> assignees = assign(tenant, ids);
        long t2 = System.nanoTime();
        server.checkpoint();
        long t3 = System.nanoTime();
        Seeding seeding = new Seeding(count, projectCount, (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9,
                server.databaseBytes());
        return new Data(tenant, projects, assignees, ids, seeding);
    }

    /**
     * Keeps the seeded database in {@code dir} for later runs (HSQLDB only): a copy of its files, and what
     * {@link #kept} needs to read it again in {@code seeded.properties}, the tenant's API key in the clear
     * (a bench tenant on this machine).
     */
    void keep(Data data, Path dir) throws IOException {
        server.backupAsFiles(dir);
        Properties kept = new Properties();
        Seeding seeding = data.seeding();
        kept.setProperty("findings", Integer.toString(seeding.findings()));
        kept.setProperty("projects", join(data.projects()));
        kept.setProperty("assignees", join(data.assignees()));
        kept.setProperty("tenant", data.tenant().id().toString());
        kept.setProperty("owner", data.tenant().ownerId().toString());
        kept.setProperty("key", data.tenant().apiKey());
        kept.setProperty("seconds", seeding.seedSeconds() + " " + seeding.triageSeconds() + " "
                + seeding.checkpointSeconds());
        try (Writer out = Files.newBufferedWriter(dir.resolve(KEPT))) {
            kept.store(out, "./bench load hsqldb -Dbench.seeded=" + dir);
        }
    }

    /** Whether {@code dir} holds a database {@link #keep} kept. */
    static boolean isKept(Path dir) {
        return Files.isRegularFile(dir.resolve(KEPT));
    }

    /**
     * The data {@link #keep} kept in {@code dir}, for a server started on a copy of its files: the figures of
     * its seeding are those of the run that seeded it.
     */
    Data kept(Path dir, int count, int projectCount) throws IOException {
        Properties kept = new Properties();
        try (Reader in = Files.newBufferedReader(dir.resolve(KEPT))) {
            kept.load(in);
        }
        List<UUID> projects = uuids(kept.getProperty("projects"));
        if (Integer.parseInt(kept.getProperty("findings")) != count || projects.size() != projectCount) {
            throw new IllegalArgumentException(dir + " holds " + kept.getProperty("findings") + " findings in "
                    + projects.size() + " projects, not " + count + " in " + projectCount);
        }
        String key = kept.getProperty("key");
        BenchServer.Tenant tenant = new BenchServer.Tenant(UUID.fromString(kept.getProperty("tenant")),
                UUID.fromString(kept.getProperty("owner")), VigilClient.of(server.server().uri(), key), key);
        String[] seconds = kept.getProperty("seconds").split(" ");
        Seeding seeding = new Seeding(count, projectCount, Double.parseDouble(seconds[0]),
                Double.parseDouble(seconds[1]), Double.parseDouble(seconds[2]), server.databaseBytes());
        return new Data(tenant, projects, uuids(kept.getProperty("assignees")), shuffledIds(tenant.id()), seeding);
    }

    private static String join(List<UUID> ids) {
        return String.join(",", ids.stream().map(UUID::toString).toList());
    }

    private static List<UUID> uuids(String joined) {
        return Arrays.stream(joined.split(",")).map(UUID::fromString).toList();
    }

    private void seed(UUID tenantId, List<UUID> projects, int count) {
        FindingSeeder seeder = new FindingSeeder(server.database(), 42);
        long now = System.currentTimeMillis();
        long start = System.nanoTime();
        for (int p = 0; p < projects.size(); p++) {
            int share = count / projects.size() + (p < count % projects.size() ? 1 : 0);
            seeder.seed(tenantId, projects.get(p), share, now);
            if ((p + 1) % 50 == 0) {
                System.out.printf(Locale.ROOT, "  seeded %d projects (%d findings) in %.0f s%n", p + 1,
                        (long) count * (p + 1) / projects.size(), (System.nanoTime() - start) / 1e9);
            }
        }
    }

    private List<UUID> shuffledIds(UUID tenantId) {
        List<UUID> ids = server.database().inTransaction(c -> Sql.list(c,
                "SELECT id FROM findings WHERE tenant_id = ?", row -> Sql.uuid(row, "id"), tenantId));
        Collections.sort(ids);
        Collections.shuffle(ids, new Random(99));
        return ids;
    }

    /** Moves shares of the (open) findings to the other statuses, in batches of one transaction each. */
    private void triage(List<UUID> ids) {
        int from = 0;
        LocalDate until = LocalDate.now().plusDays(90);
        for (Object[] share : STATUS_SHARES) {
            FindingStatus to = (FindingStatus) share[0];
            int n = ids.size() * (Integer) share[1] / 100;
            boolean accepted = to == FindingStatus.ACCEPTED;
            for (int start = from; start < from + n; start += BATCH) {
                List<UUID> batch = ids.subList(start, Math.min(from + n, start + BATCH));
                server.database().run(c -> {
                    FindingCounts.Changes counts = new FindingCounts.Changes();
                    for (UUID id : batch) {
                        findings.changeStatus(c, id, FindingStatus.OPEN, to, accepted ? "owner@bench.example" : null,
                                accepted ? "accepted for the benchmark" : null, accepted ? until : null, counts);
                    }
                    counts.apply(c);
                });
            }
            from += n;
            System.out.printf(Locale.ROOT, "  moved %,d findings to %s%n", n, to.wire());
        }
    }

    private void triageInBulk(UUID tenantId) {
        int from = 0;
        LocalDate until = LocalDate.now().plusDays(90);
        for (Object[] share : STATUS_SHARES) {
            FindingStatus to = (FindingStatus) share[0];
            int to100 = from + (Integer) share[1];
            boolean accepted = to == FindingStatus.ACCEPTED;
            int lower = from;
            int n = server.database().inTransaction(c -> Sql.update(c, """
                    UPDATE findings SET status = ?, accepted_by = ?, accepted_reason = ?, accepted_until = ?
                    WHERE tenant_id = ? AND status = 'open' AND MOD(first_seen, 100) >= ? AND MOD(first_seen, 100) < ?
                    """, to.wire(), accepted ? "owner@bench.example" : null,
                    accepted ? "accepted for the benchmark" : null, accepted ? until : null, tenantId, lower, to100));
            from = to100;
            System.out.printf(Locale.ROOT, "  moved %,d findings to %s%n", n, to.wire());
        }
        long counting = System.nanoTime();
        server.database().run(c -> FindingCounts.recount(c, tenantId));   // the plain UPDATEs above skip them
        System.out.printf(Locale.ROOT, "  counted the findings again (as the migrations V9 and V11 do) in %.1f s%n",
                (System.nanoTime() - counting) / 1e9);
    }

    /** Three members, each assigned {@link #ASSIGNED_PER_USER} findings taken across every status. */
    private List<UUID> assign(BenchServer.Tenant tenant, List<UUID> ids) {
        List<UUID> users = new ArrayList<>();
        for (int u = 0; u < 3; u++) {
            UUID user = tenant.owner().createUser(new NewUser("analyst-" + u + "@bench.example", Role.MEMBER)).id();
            users.add(user);
            List<UUID> mine = new ArrayList<>();
            for (int i = u; i < 3 * ASSIGNED_PER_USER; i += 3) {
                mine.add(ids.get((int) ((long) i * ids.size() / (3 * ASSIGNED_PER_USER))));
            }
            server.database().run(c -> {
                for (UUID id : mine) {
                    findings.assign(c, id, user);
                }
            });
        }
        return users;
    }
}
