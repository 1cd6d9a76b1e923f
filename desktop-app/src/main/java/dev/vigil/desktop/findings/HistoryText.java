package dev.vigil.desktop.findings;

import dev.vigil.model.FindingStatus;
import dev.vigil.model.HistoryEntry;
import dev.vigil.model.TriageAction;
import dev.vigil.model.WireEnum;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;

/**
 * One history entry in words: what happened, who did it, when, the move between statuses and the reason.
 * Every action the server writes has its sentence, and an action it adds later still shows by its name.
 */
record HistoryText(String what, String who, String when, String move, Optional<String> reason) {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")
            .withZone(ZoneId.systemDefault());

    static HistoryText of(HistoryEntry entry) {
        return new HistoryText(what(entry.action()), who(entry.actor()), TIME.format(entry.at()), move(entry),
                Optional.ofNullable(entry.reason()).filter(reason -> !reason.isBlank()));
    }

    /**
     * Why the finding has its current status, from the entry that moved it there: a false positive's reason
     * is kept in the history only. Empty when no entry with a reason set it.
     */
    static Optional<String> reasonFor(FindingStatus status, List<HistoryEntry> history) {
        for (HistoryEntry entry : history.reversed()) {
            if (entry.to() == status && entry.from() != status) {
                return Optional.ofNullable(entry.reason()).filter(reason -> !reason.isBlank());
            }
        }
        return Optional.empty();
    }

    private static String what(String action) {
        return switch (action) {
            case "detected" -> "Detected by a scan";
            case "regression" -> "Found again after it was resolved";
            case "resolved_by_scan" -> "Resolved: a scan no longer found it";
            case "acceptance_expired" -> "Accepted risk expired";
            case "policy_applied" -> "Set by the repository's policy";
            case "policy_withdrawn" -> "The repository's policy no longer decides it";
            case "decision" -> "Set by a decision";
            case "decision_deleted" -> "Its decision was deleted";
            case "vex_fixed" -> "A VEX document says fixed";
            case "assign" -> "Assignment";
            default -> WireEnum.parse(TriageAction.class, action).map(TriageRules::label).orElse(action);
        };
    }

    private static String who(String actor) {
        if (actor == null || actor.isBlank()) {
            return "unknown";
        }
        if (actor.equals("system")) {
            return "Vigil";
        }
        int colon = actor.indexOf(':');
        if (colon < 0 || actor.contains("@")) {
            return actor;  // a user's email
        }
        String id = actor.substring(colon + 1);
        return actor.substring(0, colon) + " " + (id.length() > 8 && id.charAt(8) == '-' ? id.substring(0, 8) : id);
    }

    private static String move(HistoryEntry entry) {
        if (entry.from() == null) {
            return "new → " + entry.to().wire();
        }
        return entry.from() == entry.to() ? entry.to().wire() + " (unchanged)"
                : entry.from().wire() + " → " + entry.to().wire();
    }
}
