package dev.vigil.desktop.findings;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.CurrentThreadTaskExecutor;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.Role;
import dev.vigil.model.Severity;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

@VigilServerTest
class FindingsViewModelTest {

    private static TestServer server;
    private final CurrentThreadTaskExecutor tasks = new CurrentThreadTaskExecutor();

    private FindingsViewModel connectedModel(SeededTenant seeded) {
        Session session = seeded.session(tasks, seeded.ownerKey());
        return new FindingsViewModel(session, tasks);
    }

    @Test
    void loadsTheFirstPageInTheServersOrder() {
        FindingsViewModel model = connectedModel(SeededTenant.with(server, 250));

        assertThat(model.rows()).hasSize(100);
        assertThat(model.hasMoreProperty().get()).isTrue();
        assertThat(model.countsProperty().get()).isEqualTo("100 loaded · more on the server");
        assertThat(model.rows()).isSortedAccordingTo(Comparator.comparing((Finding f) -> f.severity().rank())
                .thenComparing(Finding::firstSeen));
    }

    @Test
    void pagesThroughTheWholeResultToTheEnd() {
        FindingsViewModel model = connectedModel(SeededTenant.with(server, 250));

        model.loadMore();
        model.loadMore();
        model.loadMore();

        assertThat(model.rows()).hasSize(250);
        assertThat(model.rows().stream().map(Finding::id).distinct()).hasSize(250);
        assertThat(model.hasMoreProperty().get()).isFalse();
        assertThat(model.countsProperty().get()).isEqualTo("250 findings");
    }

    @Test
    void aFilterChangeStartsAgainFromTheFirstPage() {
        SeededTenant seeded = SeededTenant.with(server, 400);
        FindingsViewModel model = connectedModel(seeded);
        model.loadMore();

        model.filters().severities().add(Severity.CRITICAL);

        List<Finding> expected = seeded.owner().findings().list(FindingFilter.none().withSeverities(Set.of(Severity.CRITICAL)),
                100, null).data();
        assertThat(model.rows()).containsExactlyElementsOf(expected);
    }

    @Test
    void dropsTheAnswerOfAnOlderFilterThatArrivesLast() {
        SeededTenant seeded = SeededTenant.with(server, 300);
        Session session = seeded.session(tasks, seeded.ownerKey());
        QueuedTaskExecutor late = new QueuedTaskExecutor();
        FindingsViewModel model = new FindingsViewModel(session, late);
        late.runAll();  // the first page and the filter choices
        model.filters().searchProperty().set("CVE-2021-44228");
        model.filters().severities().add(Severity.HIGH);
        assertThat(late.size()).isEqualTo(2);

        late.run(1);  // the newest filter answers first
        late.run(0);  // then the older one, too late

        assertThat(model.rows()).isNotEmpty().allSatisfy(finding -> {
            assertThat(finding.severity()).isEqualTo(Severity.HIGH);
            assertThat(finding.ruleId()).isEqualTo("CVE-2021-44228");
        });
    }

    @Test
    void keepsTheOldRowsUntilTheNewFirstPageReplacesThemInOneChange() {
        SeededTenant seeded = SeededTenant.with(server, 150);
        QueuedTaskExecutor late = new QueuedTaskExecutor();
        FindingsViewModel model = new FindingsViewModel(seeded.session(tasks, seeded.ownerKey()), late);
        late.runAll();
        List<Finding> before = List.copyOf(model.rows());
        List<String> changes = new ArrayList<>();
        model.rows().addListener((javafx.collections.ListChangeListener<Finding>) change -> changes.add(change.toString()));

        model.filters().severities().add(Severity.LOW);
        assertThat(model.rows()).containsExactlyElementsOf(before);
        assertThat(model.loadingProperty().get()).isTrue();
        late.runAll();

        assertThat(changes).hasSize(1);
        assertThat(model.rows()).isNotEmpty().allSatisfy(finding -> assertThat(finding.severity()).isEqualTo(Severity.LOW));
    }

    @Test
    void slaBreachedKeepsExactlyTheBreachedFindingsTheServerMarks() {
        SeededTenant seeded = SeededTenant.with(server, 300);
        FindingsViewModel model = connectedModel(seeded);

        model.filters().slaBreachedOnlyProperty().set(true);
        model.loadUpTo(1_000, () -> { });

        List<Finding> breached = seeded.owner().findings().all(FindingFilter.none()).filter(Finding::slaBreached).toList();
        assertThat(breached).isNotEmpty();
        assertThat(model.rows()).containsExactlyElementsOf(breached);
        assertThat(model.countsProperty().get()).isEqualTo(breached.size() + " SLA-breached among 300 findings read (all read)");
    }

    @Test
    void slaBreachedAmongClosedStatesAsksTheServerNothing() {
        FindingsViewModel model = connectedModel(SeededTenant.with(server, 50));

        model.filters().statuses().add(FindingStatus.RESOLVED);
        model.filters().slaBreachedOnlyProperty().set(true);

        assertThat(model.rows()).isEmpty();
        assertThat(model.hasMoreProperty().get()).isFalse();
        assertThat(model.errorProperty().get()).isEmpty();
    }

    @Test
    void showsTheServersMessageWhenTheListIsRefused() {
        FindingsViewModel model = connectedModel(SeededTenant.with(server, 10));

        model.filters().searchProperty().set("x".repeat(201));

        assertThat(model.rows()).isEmpty();
        assertThat(model.errorProperty().get()).isEqualTo("search: must be at most 200 characters");
    }

    @Test
    void offersTheProjectsAndTheUsersWithTheKeysOwnUserFirst() {
        SeededTenant seeded = SeededTenant.with(server, 1);
        seeded.keyWith(Role.MEMBER);
        String adminKey = seeded.keyWith(Role.ADMIN);
        FindingsViewModel model = new FindingsViewModel(seeded.session(tasks, adminKey), tasks);

        assertThat(model.choices().projects()).extracting(p -> p.name()).containsExactly("payments");
        assertThat(model.choices().users()).hasSize(3);
        assertThat(model.choices().label(model.choices().users().getFirst())).startsWith("me · admin-");
    }
}
