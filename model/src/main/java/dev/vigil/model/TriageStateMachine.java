package dev.vigil.model;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import static dev.vigil.model.FindingStatus.ACCEPTED;
import static dev.vigil.model.FindingStatus.FALSE_POSITIVE;
import static dev.vigil.model.FindingStatus.IN_BACKLOG;
import static dev.vigil.model.FindingStatus.IN_PROGRESS;
import static dev.vigil.model.FindingStatus.OPEN;
import static dev.vigil.model.FindingStatus.RESOLVED;

/**
 * Which current states each triage action is allowed from (docs/adr/0012-triage-state-machine-and-bulk-triage.md).
 * An action whose target is the current state is a no-op success; any other move outside the table is an invalid
 * transition.
 */
public final class TriageStateMachine {

    public enum Outcome { MOVE, NO_OP, INVALID }

    private static final Map<TriageAction, Set<FindingStatus>> ALLOWED_FROM = new EnumMap<>(Map.of(
            TriageAction.IN_PROGRESS, EnumSet.of(OPEN, IN_BACKLOG),
            TriageAction.BACKLOG, EnumSet.of(OPEN, IN_PROGRESS),
            TriageAction.RESOLVE, EnumSet.of(OPEN, IN_BACKLOG, IN_PROGRESS),
            TriageAction.ACCEPT, EnumSet.of(OPEN, IN_BACKLOG, IN_PROGRESS),
            TriageAction.FALSE_POSITIVE, EnumSet.of(OPEN, IN_BACKLOG, IN_PROGRESS),
            TriageAction.REOPEN, EnumSet.of(RESOLVED, ACCEPTED, FALSE_POSITIVE, IN_BACKLOG, IN_PROGRESS)));

    private TriageStateMachine() {
    }

    public static Set<FindingStatus> allowedFrom(TriageAction action) {
        return EnumSet.copyOf(ALLOWED_FROM.get(action));
    }

    public static Outcome outcome(FindingStatus current, TriageAction action) {
        if (action.target() == current) {
            return Outcome.NO_OP;
        }
        return ALLOWED_FROM.get(action).contains(current) ? Outcome.MOVE : Outcome.INVALID;
    }

    /** The actions that would change a finding in {@code current}: what a UI offers. */
    public static Set<TriageAction> actionsFrom(FindingStatus current) {
        Set<TriageAction> actions = EnumSet.noneOf(TriageAction.class);
        for (TriageAction action : TriageAction.values()) {
            if (outcome(current, action) == Outcome.MOVE) {
                actions.add(action);
            }
        }
        return actions;
    }
}
