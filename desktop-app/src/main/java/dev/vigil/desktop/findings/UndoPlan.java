package dev.vigil.desktop.findings;

import dev.vigil.model.BulkStatusResult;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.TriageAction;
import dev.vigil.model.TriageStateMachine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The status changes that put findings back where a bulk action found them: for each finding the action
 * whose target is its old status, through "reopen" first where the state machine allows no direct move
 * (resolved back to in backlog). An acceptance or a false positive comes back with its old reason and date
 * (docs/adr/0060-triage-undo-first-launch-and-platform.md).
 *
 * @param description what the undo reverses, as the bar says it: "Resolve: 6 findings"
 * @param steps       the bulk changes to send, in order
 */
public record UndoPlan(String description, List<Step> steps) {

    /** One bulk change: an action with its fields, and the findings it applies to. */
    public record Step(TriageInput input, List<UUID> ids) {
        public Step {
            ids = List.copyOf(ids);
        }
    }

    static final String REASON = "Undone in the dashboard";

    public UndoPlan {
        steps = List.copyOf(steps);
    }

    /** How many findings the undo puts back. */
    public int findings() {
        return (int) steps.stream().flatMap(step -> step.ids().stream()).distinct().count();
    }

    /** The plan that reverses {@code results} of {@code action} on {@code before}; empty when nothing changed. */
    static UndoPlan of(TriageAction action, List<Finding> before, List<BulkStatusResult.Item> results) {
        Map<UUID, Finding> old = before.stream().collect(Collectors.toMap(Finding::id, Function.identity(), (a, b) -> a));
        Map<TriageInput, List<UUID>> first = new LinkedHashMap<>();
        Map<TriageInput, List<UUID>> then = new LinkedHashMap<>();
        for (BulkStatusResult.Item item : results) {
            Finding was = old.get(item.id());
            if (item.error() != null || was == null || item.status() == null || item.status() == was.status()) {
                continue;
            }
            TriageAction back = toward(was.status());
            boolean direct = TriageStateMachine.outcome(item.status(), back) == TriageStateMachine.Outcome.MOVE;
            if (back == TriageAction.REOPEN || !direct) {
                first.computeIfAbsent(TriageInput.of(TriageAction.REOPEN), key -> new ArrayList<>()).add(was.id());
            }
            if (back != TriageAction.REOPEN) {
                then.computeIfAbsent(restoring(back, was), key -> new ArrayList<>()).add(was.id());
            }
        }
        List<Step> steps = new ArrayList<>();
        first.forEach((input, ids) -> steps.add(new Step(input, ids)));
        then.forEach((input, ids) -> steps.add(new Step(input, ids)));
        return new UndoPlan(TriageRules.label(action), steps);
    }

    /** The one action whose target is {@code status}. */
    static TriageAction toward(FindingStatus status) {
        for (TriageAction action : TriageAction.values()) {
            if (action.target() == status) {
                return action;
            }
        }
        throw new IllegalArgumentException("no action leads to " + status);
    }

    private static TriageInput restoring(TriageAction back, Finding was) {
        String reason = was.acceptedReason() == null || was.acceptedReason().isBlank() ? REASON : was.acceptedReason();
        return switch (back) {
            case ACCEPT -> new TriageInput(back, reason, was.acceptedUntil());
            case FALSE_POSITIVE -> new TriageInput(back, reason, null);
            default -> TriageInput.of(back);
        };
    }
}
