package dev.vigil.desktop.findings;

import dev.vigil.model.BulkStatusResult;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.TriageAction;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;

/** Tallies a bulk action's per-item results: changed, already in the target state, refused by reason. */
final class BulkSummary {

    private final TriageAction action;
    private final Map<UUID, FindingStatus> before = new HashMap<>();
    private final Map<String, Integer> refused = new TreeMap<>();
    private int changed;
    private int unchanged;

    BulkSummary(TriageAction action, List<Finding> targets) {
        this.action = action;
        targets.forEach(finding -> before.put(finding.id(), finding.status()));
    }

    void add(BulkStatusResult.Item item) {
        if (item.error() != null) {
            refused.merge(item.error(), 1, Integer::sum);
        } else if (before.get(item.id()) == item.status()) {
            unchanged++;
        } else {
            changed++;
        }
    }

    /** A whole chunk the server refused (a 403 or a network failure): every id in it, by that reason. */
    void failed(List<UUID> ids, String reason) {
        refused.merge(reason, ids.size(), Integer::sum);
    }

    /** "3 refused (INVALID_TRANSITION: 3)", or empty when the server took every change. */
    Optional<String> refusals() {
        if (refused.isEmpty()) {
            return Optional.empty();
        }
        int total = refused.values().stream().mapToInt(Integer::intValue).sum();
        return Optional.of(String.format("%,d", total) + " refused (" + refused.entrySet().stream()
                .map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining(", ")) + ')');
    }

    String text() {
        StringBuilder text = new StringBuilder(TriageRules.label(action)).append(": ")
                .append(String.format("%,d", changed)).append(" changed");
        if (unchanged > 0) {
            text.append(" · ").append(String.format("%,d", unchanged)).append(" already ").append(action.target().wire());
        }
        refusals().ifPresent(refusals -> text.append(" · ").append(refusals));
        return text.toString();
    }
}
