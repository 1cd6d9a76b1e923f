package dev.vigil.desktop.findings;

import dev.vigil.model.FindingStatus;
import dev.vigil.model.HistoryEntry;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class HistoryTextTest {

    private static final Instant AT = Instant.parse("2026-11-20T10:15:00Z");

    private static HistoryText text(String actor, FindingStatus from, FindingStatus to, String action, String reason) {
        return HistoryText.of(new HistoryEntry(AT, actor, from, to, action, reason));
    }

    @Test
    void aDetectionHasNoFromStatusAndNamesTheScan() {
        HistoryText detected = text("scan:6f1c2a9e-1111-4222-8333-944455556666", null, FindingStatus.OPEN,
                "detected", null);

        assertThat(detected.what()).isEqualTo("Detected by a scan");
        assertThat(detected.who()).isEqualTo("scan 6f1c2a9e");
        assertThat(detected.move()).isEqualTo("new → open");
        assertThat(detected.reason()).isEmpty();
    }

    @Test
    void anAcceptanceExpiryIsVigilsOwnMoveBackToOpen() {
        HistoryText expired = text("system", FindingStatus.ACCEPTED, FindingStatus.OPEN, "acceptance_expired",
                "accepted_until 2026-11-19 passed");

        assertThat(expired.what()).isEqualTo("Accepted risk expired");
        assertThat(expired.who()).isEqualTo("Vigil");
        assertThat(expired.move()).isEqualTo("accepted → open");
        assertThat(expired.reason()).contains("accepted_until 2026-11-19 passed");
    }

    @Test
    void aPolicyADecisionAndAPersonAreToldApart() {
        assertThat(text("policy:.vigil.yml", FindingStatus.OPEN, FindingStatus.FALSE_POSITIVE, "policy_applied",
                ".vigil.yml line 3 (rule github-pat): fixture").who()).isEqualTo("policy .vigil.yml");
        assertThat(text("decision:0a1b2c3d-1111-4222-8333-944455556666", FindingStatus.OPEN,
                FindingStatus.ACCEPTED, "decision", null).what()).isEqualTo("Set by a decision");
        HistoryText person = text("ana@example.com", FindingStatus.OPEN, FindingStatus.RESOLVED, "resolve", null);
        assertThat(person.what()).isEqualTo("Resolve");
        assertThat(person.who()).isEqualTo("ana@example.com");
    }

    @Test
    void anAssignmentKeepsTheStatusAndAnUnknownActionShowsByItsName() {
        HistoryText assigned = text("ana@example.com", FindingStatus.OPEN, FindingStatus.OPEN, "assign",
                "assigned to bo@example.com");
        assertThat(assigned.move()).isEqualTo("open (unchanged)");
        assertThat(assigned.reason()).contains("assigned to bo@example.com");
        assertThat(text("system", FindingStatus.OPEN, FindingStatus.OPEN, "something_new", null).what())
                .isEqualTo("something_new");
    }

    @Test
    void theReasonOfAStatusComesFromTheLatestEntryThatMovedTheFindingThere() {
        List<HistoryEntry> history = List.of(
                new HistoryEntry(AT, "scan:x", null, FindingStatus.OPEN, "detected", null),
                new HistoryEntry(AT, "ana@example.com", FindingStatus.OPEN, FindingStatus.FALSE_POSITIVE,
                        "false_positive", "first thought"),
                new HistoryEntry(AT, "ana@example.com", FindingStatus.FALSE_POSITIVE, FindingStatus.OPEN, "reopen", null),
                new HistoryEntry(AT, "ana@example.com", FindingStatus.OPEN, FindingStatus.FALSE_POSITIVE,
                        "false_positive", "test fixture"),
                new HistoryEntry(AT, "ana@example.com", FindingStatus.FALSE_POSITIVE, FindingStatus.FALSE_POSITIVE,
                        "assign", "assigned to bo@example.com"));

        assertThat(HistoryText.reasonFor(FindingStatus.FALSE_POSITIVE, history)).isEqualTo(Optional.of("test fixture"));
        assertThat(HistoryText.reasonFor(FindingStatus.RESOLVED, history)).isEmpty();
    }
}
