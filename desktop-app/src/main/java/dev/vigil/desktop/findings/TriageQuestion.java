package dev.vigil.desktop.findings;

import dev.vigil.model.Finding;
import dev.vigil.model.TriageAction;
import dev.vigil.model.TriageStateMachine;

import java.util.List;

/**
 * What a triage dialog asks: the action, how many findings it moves out of how many chosen, and whether it
 * asks even when the action needs no reason (bulk actions confirm, a single finding's do not).
 */
record TriageQuestion(TriageAction action, int moving, int chosen, boolean confirm) {

    /** A single finding's action: asks only for what the action needs. */
    static TriageQuestion single(TriageAction action) {
        return new TriageQuestion(action, 1, 1, false);
    }

    /** A bulk action on {@code targets}: always confirmed, counting those it will move. */
    static TriageQuestion bulk(TriageAction action, List<Finding> targets) {
        int moving = (int) targets.stream()
                .filter(f -> TriageStateMachine.outcome(f.status(), action) == TriageStateMachine.Outcome.MOVE).count();
        return new TriageQuestion(action, moving, targets.size(), true);
    }

    String header() {
        return TriageRules.question(action, moving);
    }

    /** What stays as it is: "2 of the 8 selected are already resolved or cannot be resolved, and stay as they are." */
    String note() {
        int staying = chosen - moving;
        if (staying <= 0) {
            return "";
        }
        return String.format("%,d of the %,d selected ", staying, chosen) + (staying == 1 ? "is" : "are")
                + " already " + action.target().wire().replace('_', ' ') + " or cannot move, and "
                + (staying == 1 ? "stays" : "stay") + " as " + (staying == 1 ? "it is." : "they are.");
    }

    boolean asks() {
        return confirm || action.requiresReason() || action.requiresAcceptedUntil();
    }
}
