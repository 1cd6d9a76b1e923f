package dev.vigil.model;

import dev.vigil.model.TriageStateMachine.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class TriageStateMachineTest {

    /** The table of docs/adr/0012, written out again here so that the test does not read the code it checks. */
    private static final Map<String, String> ALLOWED_FROM = Map.of(
            "in_progress", "open in_backlog",
            "backlog", "open in_progress",
            "resolve", "open in_backlog in_progress",
            "accept", "open in_backlog in_progress",
            "false_positive", "open in_backlog in_progress",
            "reopen", "resolved accepted false_positive in_backlog in_progress");

    @ParameterizedTest(name = "{0} leads to {1}")
    @CsvSource({
            "in_progress, in_progress",
            "backlog, in_backlog",
            "resolve, resolved",
            "accept, accepted",
            "false_positive, false_positive",
            "reopen, open"})
    void eachActionTargetsTheStateOfTheTable(String action, String target) {
        assertThat(TriageAction.of(action).target()).isEqualTo(FindingStatus.of(target));
    }

    @ParameterizedTest(name = "{0} from {1} is {2}")
    @MethodSource("everyActionFromEveryState")
    void eachActionMovesOnlyFromTheStatesOfItsRowIsANoOpOnItsTargetAndInvalidOtherwise(
            TriageAction action, FindingStatus current, Outcome expected) {
        assertThat(TriageStateMachine.outcome(current, action)).isEqualTo(expected);
    }

    static Stream<Arguments> everyActionFromEveryState() {
        return Arrays.stream(TriageAction.values()).flatMap(action -> Arrays.stream(FindingStatus.values())
                .map(current -> Arguments.of(action, current, expected(action, current))));
    }

    @Test
    void allowedFromListsTheSourcesOfEachRow() {
        for (TriageAction action : TriageAction.values()) {
            assertThat(TriageStateMachine.allowedFrom(action)).as(action.wire()).isEqualTo(sources(action));
        }
    }

    @Test
    void aResolvedFindingCanOnlyBeReopened() {
        assertThat(TriageStateMachine.actionsFrom(FindingStatus.RESOLVED)).containsExactly(TriageAction.REOPEN);
    }

    @Test
    void anOpenFindingOffersEveryActionButReopen() {
        assertThat(TriageStateMachine.actionsFrom(FindingStatus.OPEN))
                .isEqualTo(EnumSet.complementOf(EnumSet.of(TriageAction.REOPEN)));
    }

    @Test
    void onlyInProgressIsOpenToMembers() {
        assertThat(Arrays.stream(TriageAction.values()).filter(a -> a.permits(Role.MEMBER)))
                .containsExactly(TriageAction.IN_PROGRESS);
        assertThat(Arrays.stream(TriageAction.values()).filter(a -> a.permits(Role.ADMIN)))
                .containsExactly(TriageAction.values());
    }

    @Test
    void acceptNeedsAReasonAndADateAndFalsePositiveAReason() {
        assertThat(Arrays.stream(TriageAction.values()).filter(TriageAction::requiresReason))
                .containsExactly(TriageAction.ACCEPT, TriageAction.FALSE_POSITIVE);
        assertThat(Arrays.stream(TriageAction.values()).filter(TriageAction::requiresAcceptedUntil))
                .containsExactly(TriageAction.ACCEPT);
    }

    private static Outcome expected(TriageAction action, FindingStatus current) {
        if (action.target() == current) {
            return Outcome.NO_OP;
        }
        return sources(action).contains(current) ? Outcome.MOVE : Outcome.INVALID;
    }

    private static Set<FindingStatus> sources(TriageAction action) {
        return Arrays.stream(ALLOWED_FROM.get(action.wire()).split(" ")).map(FindingStatus::of)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(FindingStatus.class)));
    }
}
