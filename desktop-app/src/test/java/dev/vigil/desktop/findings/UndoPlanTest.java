package dev.vigil.desktop.findings;

import dev.vigil.model.BulkStatusResult;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import dev.vigil.model.TriageAction;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

class UndoPlanTest {

    @Test
    void putsResolvedFindingsBackToTheStatusEachHadBefore() {
        Finding open = finding(FindingStatus.OPEN);
        Finding started = finding(FindingStatus.IN_PROGRESS);

        UndoPlan plan = UndoPlan.of(TriageAction.RESOLVE, List.of(open, started),
                List.of(moved(open, FindingStatus.RESOLVED), moved(started, FindingStatus.RESOLVED)));

        // resolved cannot go straight back to in progress: reopen first, then start work again
        assertThat(plan.steps()).containsExactly(
                new UndoPlan.Step(TriageInput.of(TriageAction.REOPEN), List.of(open.id(), started.id())),
                new UndoPlan.Step(TriageInput.of(TriageAction.IN_PROGRESS), List.of(started.id())));
        assertThat(plan.findings()).isEqualTo(2);
        assertThat(plan.description()).isEqualTo("Resolve");
    }

    @Test
    void reacceptsAReopenedFindingWithItsOldReasonAndDate() {
        LocalDate until = LocalDate.now().plusMonths(3);
        Finding accepted = withAcceptance(finding(FindingStatus.ACCEPTED), "WAF rule 42", until);

        UndoPlan plan = UndoPlan.of(TriageAction.REOPEN, List.of(accepted), List.of(moved(accepted, FindingStatus.OPEN)));

        assertThat(plan.steps()).containsExactly(
                new UndoPlan.Step(new TriageInput(TriageAction.ACCEPT, "WAF rule 42", until), List.of(accepted.id())));
    }

    @Test
    void leavesOutWhatTheActionRefusedOrLeftAsItWas() {
        Finding refused = finding(FindingStatus.OPEN);
        Finding already = finding(FindingStatus.RESOLVED);

        UndoPlan plan = UndoPlan.of(TriageAction.RESOLVE, List.of(refused, already), List.of(
                new BulkStatusResult.Item(refused.id(), null, "INVALID_TRANSITION"),
                moved(already, FindingStatus.RESOLVED)));

        assertThat(plan.steps()).isEmpty();
        assertThat(plan.findings()).isZero();
    }

    private static BulkStatusResult.Item moved(Finding finding, FindingStatus now) {
        return new BulkStatusResult.Item(finding.id(), now, null);
    }

    static Finding finding(FindingStatus status) {
        Instant now = Instant.now();
        return new Finding(UUID.randomUUID(), "fp", UUID.randomUUID(), "payments", "rule", Severity.HIGH, status,
                ScanKind.SECRETS, "a.env:1", "description", null, false, false, null, null, null, null, null, null,
                null, false, now, now);
    }

    private static Finding withAcceptance(Finding f, String reason, LocalDate until) {
        return new Finding(f.id(), f.fingerprint(), f.projectId(), f.projectName(), f.ruleId(), f.severity(), f.status(),
                f.scanType(), f.location(), f.description(), f.fixAvailable(), f.isBreaking(), f.isDirect(), f.cwe(),
                f.assignedTo(), f.assignedToUserId(), "owner@example.com", reason, until, f.slaDeadline(), f.slaBreached(),
                f.firstSeen(), f.lastSeen());
    }
}
