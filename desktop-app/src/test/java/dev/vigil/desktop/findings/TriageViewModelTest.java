package dev.vigil.desktop.findings;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.scans.TestSessions;
import dev.vigil.desktop.task.CurrentThreadTaskExecutor;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.Role;
import dev.vigil.model.TriageAction;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

@VigilServerTest
class TriageViewModelTest {

    private static TestServer server;
    private final CurrentThreadTaskExecutor tasks = new CurrentThreadTaskExecutor();

    @Test
    void acceptsEverySelectedFindingInChunksAndSummarisesTheResults() {
        SeededTenant seeded = SeededTenant.with(server, 250);
        Session session = seeded.session(tasks, seeded.ownerKey());
        BulkTriageViewModel bulk = new BulkTriageViewModel(session, tasks);
        List<Finding> all = seeded.owner().findings().all(FindingFilter.none()).toList();
        List<Double> progress = new ArrayList<>();
        bulk.progressProperty().subscribe(value -> progress.add(value.doubleValue()));
        LocalDate until = LocalDate.now().plusMonths(3);
        List<String> done = new ArrayList<>();

        bulk.apply(all, new TriageInput(TriageAction.ACCEPT, "vendor fix due in Q3", until), () -> done.add("reload"));

        assertThat(bulk.summaryProperty().get()).isEqualTo("Accept risk: 250 changed");
        assertThat(progress).containsSubsequence(0.4, 0.8, 1.0);
        assertThat(done).containsExactly("reload");
        List<Finding> accepted = seeded.owner().findings().all(FindingFilter.none().withStatuses(Set.of(FindingStatus.ACCEPTED))).toList();
        assertThat(accepted).hasSize(250).allSatisfy(finding -> {
            assertThat(finding.acceptedReason()).isEqualTo("vendor fix due in Q3");
            assertThat(finding.acceptedUntil()).isEqualTo(until);
        });
    }

    @Test
    void theDetailSaysWhichPolicyEntryOrCommentSetAFindingsStatus() {
        SeededTenant seeded = SeededTenant.with(server, 1);
        TestSessions.policyScan(seeded.tenant());
        Session session = seeded.session(tasks, seeded.ownerKey());
        FindingDetailViewModel detail = new FindingDetailViewModel(session, tasks, changed -> { });
        List<Finding> all = seeded.owner().findings().all(FindingFilter.none()).toList();

        detail.findingProperty().set(at(all, "fixtures/policy_demo.env:"));
        assertThat(detail.policySourceProperty().get())
                .isEqualTo("Repository policy: .vigil.yml line 3 (rule github-pat)");
        detail.findingProperty().set(at(all, "tools/inline_demo.py:"));
        assertThat(detail.policySourceProperty().get())
                .isEqualTo("Repository policy: vigil:ignore at tools/inline_demo.py:1");
        detail.findingProperty().set(all.stream().filter(f -> f.acceptedBy() == null).findFirst().orElseThrow());
        assertThat(detail.policySourceProperty().get()).isEmpty();
    }

    private static Finding at(List<Finding> findings, String place) {
        return findings.stream().filter(f -> f.location().startsWith(place)).findFirst().orElseThrow();
    }

    @Test
    void countsWhatWasAlreadyDoneAndWhatTheServerRefusedItemByItem() {
        SeededTenant seeded = SeededTenant.with(server, 30);
        Session session = seeded.session(tasks, seeded.ownerKey());
        BulkTriageViewModel bulk = new BulkTriageViewModel(session, tasks);
        List<Finding> all = seeded.owner().findings().all(FindingFilter.none()).toList();
        bulk.apply(all.subList(0, 10), TriageInput.of(TriageAction.RESOLVE), () -> { });
        bulk.apply(all.subList(10, 15), TriageInput.of(TriageAction.BACKLOG), () -> { });
        List<Finding> reloaded = seeded.owner().findings().all(FindingFilter.none()).toList();

        bulk.apply(reloaded, TriageInput.of(TriageAction.BACKLOG), () -> { });

        assertThat(bulk.summaryProperty().get())
                .isEqualTo("Backlog: 15 changed · 5 already in_backlog · 10 refused (INVALID_TRANSITION: 10)");
    }

    @Test
    void refusesAMemberTheAdminActionsAndTheExportWithTheReason() {
        SeededTenant seeded = SeededTenant.with(server, 5);
        Session session = seeded.session(tasks, seeded.keyWith(Role.MEMBER));
        BulkTriageViewModel bulk = new BulkTriageViewModel(session, tasks);
        ExportViewModel export = new ExportViewModel(session, tasks, FindingFilter::none);

        assertThat(bulk.refusal(TriageAction.ACCEPT, 3)).isEqualTo("Accept risk needs the admin role or higher; this key acts as member");
        assertThat(bulk.refusal(TriageAction.IN_PROGRESS, 3)).isEmpty();
        assertThat(bulk.refusal(TriageAction.IN_PROGRESS, 0)).isEqualTo("Select findings first");
        assertThat(export.refusal(new javafx.beans.property.SimpleBooleanProperty(false)).get())
                .isEqualTo("Export needs the admin role or higher; this key acts as member");
    }

    @Test
    void aMemberStartsWorkOnAFindingAndTheHistoryShowsIt() {
        SeededTenant seeded = SeededTenant.with(server, 5);
        Session session = seeded.session(tasks, seeded.keyWith(Role.MEMBER));
        FindingsViewModel list = new FindingsViewModel(session, tasks);
        FindingDetailViewModel detail = new FindingDetailViewModel(session, tasks, list::replace);
        Finding first = list.rows().getFirst();
        detail.findingProperty().set(first);
        assertThat(detail.refusal(TriageAction.RESOLVE)).isEqualTo("Resolve needs the admin role or higher; this key acts as member");
        assertThat(detail.history()).isEmpty();

        detail.apply(TriageInput.of(TriageAction.IN_PROGRESS));

        assertThat(list.rows().getFirst().status()).isEqualTo(FindingStatus.IN_PROGRESS);
        assertThat(detail.findingProperty().get().status()).isEqualTo(FindingStatus.IN_PROGRESS);
        assertThat(detail.refusal(TriageAction.IN_PROGRESS)).isEqualTo("The finding is already in_progress");
        assertThat(detail.history()).singleElement().satisfies(entry -> {
            assertThat(entry.from()).isEqualTo(FindingStatus.OPEN);
            assertThat(entry.to()).isEqualTo(FindingStatus.IN_PROGRESS);
        });
    }

    @Test
    void bulkAssignmentAssignsEachFindingAndSaysToWhom() {
        SeededTenant seeded = SeededTenant.with(server, 12);
        Session session = seeded.session(tasks, seeded.ownerKey());
        BulkTriageViewModel bulk = new BulkTriageViewModel(session, tasks);
        List<Finding> all = seeded.owner().findings().all(FindingFilter.none()).toList();

        bulk.assign(all, seeded.tenant().ownerId(), "owner@example.com", () -> { });

        assertThat(bulk.summaryProperty().get()).isEqualTo("12 assigned to owner@example.com");
        assertThat(seeded.owner().findings().all(FindingFilter.none().withAssignee(seeded.tenant().ownerId()))).hasSize(12);
    }
}
