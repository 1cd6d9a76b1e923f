package dev.vigil.desktop.findings;

import dev.vigil.model.Finding;
import dev.vigil.model.HistoryEntry;

import java.util.List;

/**
 * Which entry of the repository's policy set a finding's status: the {@code .vigil.yml} line and rule or the
 * {@code vigil:ignore} comment's place, read from the history entry the scan wrote; empty when a person did.
 */
final class PolicySource {

    private static final String PREFIX = "policy:";

    private PolicySource() {
    }

    static String describe(Finding finding, List<HistoryEntry> history) {
        if (finding == null || finding.acceptedBy() == null || !finding.acceptedBy().startsWith(PREFIX)) {
            return "";
        }
        String who = finding.acceptedBy().substring(PREFIX.length());
        for (HistoryEntry entry : history.reversed()) {
            if ("policy_applied".equals(entry.action()) && finding.acceptedBy().equals(entry.actor())
                    && entry.reason() != null) {
                int end = entry.reason().indexOf(": ");
                return "Repository policy: " + (end < 0 ? entry.reason() : entry.reason().substring(0, end));
            }
        }
        return "Repository policy: " + (who.equals("inline") ? "a vigil:ignore comment" : who);
    }
}
