package dev.vigil.server.api;

import dev.vigil.client.VigilApiException;
import dev.vigil.client.VigilClient;
import dev.vigil.model.BulkStatusChange;
import dev.vigil.model.BulkStatusResult;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.HistoryEntry;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.Role;
import dev.vigil.model.StatusChange;
import dev.vigil.model.TriageAction;
import dev.vigil.model.TriageStateMachine;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.store.FindingRepository;
import dev.vigil.server.store.HistoryRepository;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.MutableClock;
import dev.vigil.server.testing.SetUpServer;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import dev.vigil.server.triage.AcceptanceExpiry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@VigilServerTest
class TriageTest {

    private static final MutableClock CLOCK = MutableClock.startingNow();
    private static TestServer server;
    private static TestServer.Tenant tenant;
    private static VigilClient member;
    private static VigilClient admin;
    private static List<UUID> pool;

    @SetUpServer
    static ServerSettings settings(ServerSettings s) {
        return s.withClock(CLOCK);
    }

    @BeforeAll
    static void seed() {
        member = tenant.userWith(Role.MEMBER);
        admin = tenant.userWith(Role.ADMIN);
        Project project = tenant.owner().createProject(new NewProject("triage", "main"));
        new FindingSeeder(server.server().database(), 3).seed(tenant.id(), project.id(), 400, CLOCK.millis());
        pool = new ArrayList<>(tenant.owner().findings().all(FindingFilter.none()).map(Finding::id).toList());
    }

    private static synchronized UUID fresh() {
        return pool.removeLast();
    }

    private static LocalDate inDays(int days) {
        return LocalDate.ofInstant(CLOCK.instant(), ZoneOffset.UTC).plusDays(days);
    }

    private static StatusChange change(TriageAction action) {
        return switch (action) {
            case ACCEPT -> new StatusChange(action, "risk accepted by the platform team", inDays(30));
            case FALSE_POSITIVE -> new StatusChange(action, "test fixture, not a real key", null);
            default -> StatusChange.of(action);
        };
    }

    /** Brings a fresh open finding into {@code status} through allowed moves. */
    private static UUID findingIn(FindingStatus status) {
        UUID id = fresh();
        switch (status) {
            case OPEN -> { }
            case IN_BACKLOG -> admin.changeStatus(id, change(TriageAction.BACKLOG));
            case IN_PROGRESS -> admin.changeStatus(id, change(TriageAction.IN_PROGRESS));
            case RESOLVED -> admin.changeStatus(id, change(TriageAction.RESOLVE));
            case ACCEPTED -> admin.changeStatus(id, change(TriageAction.ACCEPT));
            case FALSE_POSITIVE -> admin.changeStatus(id, change(TriageAction.FALSE_POSITIVE));
        }
        return id;
    }

    @ParameterizedTest
    @EnumSource(FindingStatus.class)
    void everyActionFollowsTheStateMachineFrom(FindingStatus from) {
        for (TriageAction action : TriageAction.values()) {
            UUID id = findingIn(from);
            var outcome = TriageStateMachine.outcome(from, action);
            if (outcome == TriageStateMachine.Outcome.INVALID) {
                assertThatThrownBy(() -> admin.changeStatus(id, change(action)))
                        .as(action + " from " + from)
                        .isInstanceOfSatisfying(VigilApiException.class, e -> {
                            assertThat(e.status()).isEqualTo(409);
                            assertThat(e.code()).isEqualTo("INVALID_TRANSITION");
                        });
                assertThat(admin.findings().get(id).status()).isEqualTo(from);
            } else {
                assertThat(admin.changeStatus(id, change(action)).status()).as(action + " from " + from)
                        .isEqualTo(action.target());
            }
        }
    }

    @Test
    void memberMayOnlyStartWork() {
        UUID id = fresh();

        assertThat(member.changeStatus(id, change(TriageAction.IN_PROGRESS)).status()).isEqualTo(FindingStatus.IN_PROGRESS);
        for (TriageAction action : List.of(TriageAction.BACKLOG, TriageAction.RESOLVE, TriageAction.ACCEPT,
                TriageAction.FALSE_POSITIVE, TriageAction.REOPEN)) {
            assertThatThrownBy(() -> member.changeStatus(id, change(action))).as(action.wire())
                    .isInstanceOfSatisfying(VigilApiException.class, e -> {
                        assertThat(e.status()).isEqualTo(403);
                        assertThat(e.code()).isEqualTo("INSUFFICIENT_ROLE");
                    });
        }
    }

    @Test
    void acceptRecordsWhoWhyAndUntil() {
        UUID id = fresh();

        Finding accepted = admin.changeStatus(id, change(TriageAction.ACCEPT));

        assertThat(accepted.status()).isEqualTo(FindingStatus.ACCEPTED);
        assertThat(accepted.acceptedBy()).endsWith("@example.com");
        assertThat(accepted.acceptedReason()).isEqualTo("risk accepted by the platform team");
        assertThat(accepted.acceptedUntil()).isEqualTo(inDays(30));
    }

    @Test
    void acceptNeedsReasonAndAFutureDateWithinAYear() {
        UUID id = fresh();
        List<StatusChange> invalid = List.of(
                new StatusChange(TriageAction.ACCEPT, null, inDays(10)),
                new StatusChange(TriageAction.ACCEPT, "ok", null),
                new StatusChange(TriageAction.ACCEPT, "ok", inDays(0)),
                new StatusChange(TriageAction.ACCEPT, "ok", inDays(367)),
                new StatusChange(TriageAction.FALSE_POSITIVE, null, null));
        for (StatusChange body : invalid) {
            assertThatThrownBy(() -> admin.changeStatus(id, body)).as(body.toString())
                    .isInstanceOfSatisfying(VigilApiException.class, e -> {
                        assertThat(e.status()).isEqualTo(400);
                        assertThat(e.code()).isEqualTo("VALIDATION_FAILED");
                    });
        }
        assertThat(admin.findings().get(id).status()).isEqualTo(FindingStatus.OPEN);
    }

    @Test
    void refusesUnknownActionAndMalformedBody() {
        UUID id = fresh();
        var unknown = admin.send("POST", "/v1/repo-vulnerabilities/" + id + "/status",
                Map.of("Content-Type", "application/json"), "{\"action\":\"close\"}".getBytes());
        var broken = admin.send("POST", "/v1/repo-vulnerabilities/" + id + "/status",
                Map.of("Content-Type", "application/json"), "{\"action\":".getBytes());

        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.error().error()).isEqualTo("VALIDATION_FAILED");
        assertThat(broken.status()).isEqualTo(400);
    }

    @Test
    void keepsEveryChangeInTheHistory() {
        UUID id = fresh();
        admin.changeStatus(id, change(TriageAction.IN_PROGRESS));
        admin.changeStatus(id, change(TriageAction.FALSE_POSITIVE));
        admin.changeStatus(id, change(TriageAction.REOPEN));

        List<HistoryEntry> history = admin.findings().history(id, 100, null).data();

        assertThat(history).extracting(HistoryEntry::action).containsExactly("in_progress", "false_positive", "reopen");
        assertThat(history).extracting(HistoryEntry::to).containsExactly(FindingStatus.IN_PROGRESS,
                FindingStatus.FALSE_POSITIVE, FindingStatus.OPEN);
        assertThat(history.get(1).reason()).isEqualTo("test fixture, not a real key");
        assertThat(history.get(1).from()).isEqualTo(FindingStatus.IN_PROGRESS);
    }

    @Test
    void anActionToTheCurrentStateAnswersTheFindingAsItIsAndWritesNoHistory() {
        UUID id = fresh();
        Finding moved = admin.changeStatus(id, change(TriageAction.IN_PROGRESS));

        Finding again = admin.changeStatus(id, change(TriageAction.IN_PROGRESS));

        assertThat(again).isEqualTo(moved).isEqualTo(admin.findings().get(id));
        assertThat(again.status()).isEqualTo(FindingStatus.IN_PROGRESS);
        assertThat(admin.findings().history(id, 100, null).data()).extracting(HistoryEntry::action)
                .containsExactly("in_progress");
    }

    @Test
    void assignsAndUnassignsWithHistory() {
        UUID id = fresh();
        var me = admin.me();

        Finding assigned = admin.assign(id, me.id());
        var byAssignee = admin.findings().list(FindingFilter.none().withAssignee(me.id()), 100, null).data();
        Finding unassigned = admin.assign(id, null);

        assertThat(assigned.assignedTo()).isEqualTo(me.email());
        assertThat(assigned.assignedToUserId()).isEqualTo(me.id());
        assertThat(byAssignee).extracting(Finding::id).contains(id);
        assertThat(unassigned.assignedTo()).isNull();
        assertThat(admin.findings().history(id, 10, null).data()).extracting(HistoryEntry::action)
                .containsExactly("assign", "assign");
    }

    @Test
    void assigningToAnUnknownUserIsRefused() {
        assertThatThrownBy(() -> admin.assign(fresh(), UUID.randomUUID()))
                .isInstanceOfSatisfying(VigilApiException.class, e -> assertThat(e.code()).isEqualTo("VALIDATION_FAILED"));
    }

    @Test
    void bulkStatusGivesAResultPerId() {
        UUID open = fresh();
        UUID resolved = findingIn(FindingStatus.RESOLVED);
        UUID unknown = UUID.randomUUID();

        BulkStatusResult result = admin.bulkStatus(new BulkStatusChange(List.of(open, resolved, unknown),
                TriageAction.ACCEPT, "vendor fix pending", inDays(60)));

        assertThat(result.results()).hasSize(3);
        assertThat(result.results().get(0).status()).isEqualTo(FindingStatus.ACCEPTED);
        assertThat(result.results().get(1).error()).isEqualTo("INVALID_TRANSITION");
        assertThat(result.results().get(2).error()).isEqualTo("NOT_FOUND");
        assertThat(admin.findings().get(open).acceptedReason()).isEqualTo("vendor fix pending");
    }

    @Test
    void bulkStatusChecksRoleAndFieldsOnceForAll() {
        List<UUID> ids = List.of(fresh(), fresh());

        assertThatThrownBy(() -> member.bulkStatus(new BulkStatusChange(ids, TriageAction.RESOLVE, null, null)))
                .isInstanceOfSatisfying(VigilApiException.class, e -> assertThat(e.code()).isEqualTo("INSUFFICIENT_ROLE"));
        assertThatThrownBy(() -> admin.bulkStatus(new BulkStatusChange(ids, TriageAction.ACCEPT, null, null)))
                .isInstanceOfSatisfying(VigilApiException.class, e -> assertThat(e.code()).isEqualTo("VALIDATION_FAILED"));
        assertThatThrownBy(() -> admin.bulkStatus(new BulkStatusChange(List.of(), TriageAction.RESOLVE, null, null)))
                .isInstanceOfSatisfying(VigilApiException.class, e -> assertThat(e.code()).isEqualTo("VALIDATION_FAILED"));
        assertThat(ids).allSatisfy(id -> assertThat(admin.findings().get(id).status()).isEqualTo(FindingStatus.OPEN));
    }

    @Test
    void expiredAcceptanceReopensTheFinding() {
        UUID id = fresh();
        admin.changeStatus(id, new StatusChange(TriageAction.ACCEPT, "short", inDays(1)));
        var expiry = new AcceptanceExpiry(server.server().database(),
                new FindingRepository(server.server().database().dialect()), new HistoryRepository(),
                CLOCK);

        assertThat(expiry.reopenExpired()).isZero();
        CLOCK.advance(Duration.ofDays(2));
        try {
            assertThat(expiry.reopenExpired()).isGreaterThanOrEqualTo(1);
            Finding reopened = admin.findings().get(id);
            assertThat(reopened.status()).isEqualTo(FindingStatus.OPEN);
            assertThat(admin.findings().history(id, 10, null).data().getLast().action()).isEqualTo("acceptance_expired");
        } finally {
            CLOCK.advance(Duration.ofDays(-2));
        }
    }

    @Test
    void slaBreachesOnlyWhileTheFindingIsActive() {
        UUID overdue = pool.stream().filter(id -> {
            Finding f = admin.findings().get(id);
            return f.slaDeadline() != null && f.slaDeadline().isBefore(CLOCK.instant());
        }).findFirst().orElseThrow();
        pool.remove(overdue);

        assertThat(admin.findings().get(overdue).slaBreached()).isTrue();
        assertThat(admin.findings().list(FindingFilter.none().withSearch(admin.findings().get(overdue).location()), 5, null)
                .data().getFirst().slaBreached()).isTrue();
        admin.changeStatus(overdue, change(TriageAction.RESOLVE));
        assertThat(admin.findings().get(overdue).slaBreached()).isFalse();
    }
}
