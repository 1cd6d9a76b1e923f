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

    /** The question a bulk action asks before it is sent: "Resolve 6 findings?". */
    public static String question(TriageAction action, int count) {
        String findings = String.format("%,d", count) + (count == 1 ? " finding" : " findings");
        return switch (action) {
            case IN_PROGRESS -> "Start work on " + findings + "?";
            case BACKLOG -> "Move " + findings + " to the backlog?";
            case RESOLVE -> "Resolve " + findings + "?";
            case ACCEPT -> "Accept the risk of " + findings + "?";
            case FALSE_POSITIVE -> "Mark " + findings + " as false positive" + (count == 1 ? "?" : "s?");
            case REOPEN -> "Reopen " + findings + "?";
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

    /** Why {@code until} is not a date the server takes; empty when it is. */
    public static String acceptanceRefusal(LocalDate until, LocalDate today) {
        if (until == null) {
            return "Enter the date as yyyy-MM-dd";
        }
        return acceptableUntil(until, today) ? "" : "Choose a date after " + today + " and no later than "
                + latestAcceptance(today) + ": the server takes at most one year";
    }

    /** The server takes a future date at most one year ahead. */
    public static boolean acceptableUntil(LocalDate until, LocalDate today) {
        return until != null && until.isAfter(today) && !until.isAfter(latestAcceptance(today));
    }
}
