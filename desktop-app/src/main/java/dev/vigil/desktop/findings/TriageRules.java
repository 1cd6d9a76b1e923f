package dev.vigil.desktop.findings;

import dev.vigil.model.FindingStatus;
import dev.vigil.model.Role;
import dev.vigil.model.TriageAction;
import dev.vigil.model.TriageStateMachine;

import java.time.LocalDate;

/** What the UI calls each action and why it refuses one: the key's role, or the finding's state. */
public final class TriageRules {

    private TriageRules() {
    }

    public static String label(TriageAction action) {
        return switch (action) {
            case IN_PROGRESS -> "Start work";
            case BACKLOG -> "Backlog";
            case RESOLVE -> "Resolve";
            case ACCEPT -> "Accept risk";
            case FALSE_POSITIVE -> "False positive";
            case REOPEN -> "Reopen";
        };
    }

    /** Why {@code role} may not take {@code action}; empty when it may. */
    public static String roleRefusal(Role role, TriageAction action) {
        if (role == null) {
            return "Not connected";
        }
        return action.permits(role) ? "" : label(action) + " needs the " + action.minimumRole().wire()
                + " role or higher; this key acts as " + role.wire();
    }

    /** Why {@code action} cannot move a finding that is {@code status}; empty when it can. */
    public static String stateRefusal(FindingStatus status, TriageAction action) {
        return switch (TriageStateMachine.outcome(status, action)) {
            case MOVE -> "";
            case NO_OP -> "The finding is already " + status.wire();
            case INVALID -> label(action) + " is not possible from " + status.wire();
        };
    }

    /** Why the export is refused; empty when allowed. */
    public static String exportRefusal(Role role, boolean slaBreachedOnly) {
        if (role == null) {
            return "Not connected";
        }
        if (!role.atLeast(Role.ADMIN)) {
            return "Export needs the admin role or higher; this key acts as " + role.wire();
        }
        return slaBreachedOnly ? "The server's export has no SLA-breached filter: switch off \"SLA breached\" to export" : "";
    }

    /**
     * The latest acceptance date the server takes: one year from today
     * (docs/adr/0012-triage-state-machine-and-bulk-triage.md).
     */
    public static LocalDate latestAcceptance(LocalDate today) {
        return today.plusYears(1);
    }

    /** The server takes a future date at most one year ahead. */
    public static boolean acceptableUntil(LocalDate until, LocalDate today) {
        return until != null && until.isAfter(today) && !until.isAfter(latestAcceptance(today));
    }
}
