package dev.vigil.desktop.screenshots;

import dev.vigil.client.ArchivePackager;
import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilClient;
import dev.vigil.model.BulkStatusChange;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewProject;
import dev.vigil.model.NewUser;
import dev.vigil.model.Project;
import dev.vigil.model.Role;
import dev.vigil.model.ScanType;
import dev.vigil.model.TriageAction;
import dev.vigil.model.User;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.TestData;
import dev.vigil.server.testing.TestServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/**
 * A tenant that looks lived in: projects with a few thousand findings in every severity and status, real
 * scans of a folder from the test data (so scans carry SARIF), a PR scan, users and their API keys.
 */
final class DemoTenant {

    private static final String COMMIT = "9f1c2ab7d45e8f03c6b1e2d7a8f94c0b5e6d7a81";
    private static final long SEED = 20261123L;

    private final TestServer server;
    private final TestServer.Tenant tenant;
    private final Random random = new Random(SEED);

    private DemoTenant(TestServer server) {
        this.server = server;
        this.tenant = server.tenant();
    }

    /** Seeds a new tenant on {@code server}; returns an API key of its Owner for the dashboard. */
    static String seed(TestServer server) {
        return new DemoTenant(server).seedAll();
    }

    private String seedAll() {
        VigilClient owner = tenant.owner();
        List<User> people = List.of(
                owner.createUser(new NewUser("maria.keller@example.com", Role.ADMIN)),
                owner.createUser(new NewUser("dev.patel@example.com", Role.MEMBER)),
                owner.createUser(new NewUser("sam.okafor@example.com", Role.MEMBER)));
        int[] counts = {1400, 900, 520, 260};
        String[] names = {"payments-api", "web-storefront", "infra-terraform", "mobile-backend"};
        List<Project> projects = new ArrayList<>();
        FindingSeeder seeder = new FindingSeeder(server.server().database(), SEED);
        for (int i = 0; i < names.length; i++) {
            Project project = owner.createProject(new NewProject(names[i], "main"));
            projects.add(project);
            seeder.seed(tenant.id(), project.id(), counts[i], System.currentTimeMillis());
            triage(owner, project, people);
        }
        scan(owner, projects.get(1), TestData.file("sca/juice-shop-ftp"));
        keys(owner, people);
        return owner.createApiKey(new NewApiKey("Desktop dashboard", LocalDate.now().plusDays(90).toString(),
                null)).key();
    }

    /** Moves about half of the project's findings out of "open", and assigns some of them. */
    private void triage(VigilClient owner, Project project, List<User> people) {
        List<UUID> ids = new ArrayList<>(owner.findings().all(FindingFilter.none().withProject(project.id()))
                .map(Finding::id).toList());
        Collections.shuffle(ids, random);
        int n = ids.size();
        change(owner, ids.subList(0, n / 6), TriageAction.IN_PROGRESS, null, null);
        change(owner, ids.subList(n / 6, n / 4), TriageAction.BACKLOG, null, null);
        change(owner, ids.subList(n / 4, n / 3), TriageAction.RESOLVE, null, null);
        change(owner, ids.subList(n / 3, n * 3 / 8), TriageAction.ACCEPT, "Compensating control: WAF rule 4102",
                LocalDate.now().plusMonths(3));
        change(owner, ids.subList(n * 3 / 8, n * 5 / 12), TriageAction.FALSE_POSITIVE, "Test fixture, not shipped",
                null);
        for (UUID id : ids.subList(0, Math.min(40, n))) {
            owner.assign(id, people.get(random.nextInt(people.size())).id());
        }
    }

    private static void change(VigilClient owner, List<UUID> ids, TriageAction action, String reason,
                               LocalDate acceptedUntil) {
        for (int from = 0; from < ids.size(); from += 1_000) {
            List<UUID> batch = List.copyOf(ids.subList(from, Math.min(ids.size(), from + 1_000)));
            owner.bulkStatus(new BulkStatusChange(batch, action, reason, acceptedUntil));
        }
    }

    /** A full scan of main and a PR scan of a branch, both of the same folder, awaited to the end. */
    private static void scan(VigilClient owner, Project project, Path folder) {
        try {
            Path archive = Files.createTempFile("vigil-screenshots", ".tar.gz");
            new ArchivePackager().pack(folder, archive);
            var main = owner.submitScan(ScanSubmission.of(ScanArchive.of(archive), project.id(), "main", COMMIT,
                    ScanType.FULL));
            owner.awaitScan(main.id(), Duration.ofMinutes(2));
            var pr = owner.submitScan(ScanSubmission.of(ScanArchive.of(archive), project.id(), "feature/checkout-v2",
                    COMMIT.replace('9', 'a'), ScanType.SCA_SECRETS).withPrId(128).withChangedFiles(List.of("package.json")));
            owner.awaitScan(pr.id(), Duration.ofMinutes(2));
            Files.deleteIfExists(archive);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void keys(VigilClient owner, List<User> people) {
        owner.createApiKey(new NewApiKey("GitHub Actions – payments-api", LocalDate.now().plusMonths(6).toString(),
                people.get(0).id()));
        owner.revokeApiKey(owner.createApiKey(new NewApiKey("Old Jenkins agent",
                LocalDate.now().plusDays(20).toString(), null)).id());
        owner.createApiKey(new NewApiKey("Dev's laptop", LocalDate.now().plusDays(30).toString(), people.get(1).id()));
        owner.createApiKey(new NewApiKey("Release bot", LocalDate.now().plusYears(1).toString(), null));
    }
}
