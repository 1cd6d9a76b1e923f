package dev.vigil.server.policy;

import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.store.FindingCounts;
import dev.vigil.server.store.HistoryRepository;
import dev.vigil.server.store.PolicyFindingRepository;
import dev.vigil.server.store.PolicyFindingRepository.PolicyRow;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The policy's step of a default-branch merge, after the scan's own changes: an active finding the policy
 * decides takes its status; one the policy closed and nobody changed since (its {@code accepted_by} is still
 * the policy's) follows an entry that changed, and reopens when nothing decides it any more.
 */
public final class PolicyMerge {

    private final PolicyFindingRepository findings = new PolicyFindingRepository();
    private final HistoryRepository history = new HistoryRepository();

    /** Applies {@code policy} to the findings {@code seen}; returns the ids of those it closed from active. */
    public Set<UUID> apply(Connection c, UUID projectId, Set<ScanKind> ran, Collection<Detection> seen,
                           RepositoryPolicy policy, long now) throws SQLException {
        Set<UUID> closed = new HashSet<>();
        Map<String, PolicyRow> rows = findings.rows(c, projectId, new ArrayList<>(ran));
        FindingCounts.Changes counts = new FindingCounts.Changes();
        for (Detection d : seen) {
            PolicyRow row = rows.get(d.fingerprint());
            Optional<PolicyDecision> decision = policy.decide(d);
            if (row == null) {
                continue;
            }
            boolean byPolicy = row.acceptedBy() != null && row.acceptedBy().startsWith("policy:")
                    && (row.status() == FindingStatus.ACCEPTED || row.status() == FindingStatus.FALSE_POSITIVE);
            if (decision.isPresent() && (row.status().isActive() || byPolicy && changed(row, decision.get()))) {
                PolicyDecision p = decision.get();
                if (findings.setStatus(c, row.id(), row.status(), p.status(), p.actor(), p.reason(), p.until(), counts)) {
                    if (row.status().isActive()) {
                        closed.add(row.id());
                    }
                    history.insert(c, row.id(), now, p.actor(), row.status(), p.status(), "policy_applied",
                            p.historyReason());
                }
            } else if (decision.isEmpty() && byPolicy && policy.mayWithdraw(row.acceptedBy())) {
                if (findings.setStatus(c, row.id(), row.status(), FindingStatus.OPEN, null, null, null, counts)) {
                    history.insert(c, row.id(), now, row.acceptedBy(), row.status(), FindingStatus.OPEN,
                            "policy_withdrawn", "no entry or comment of the policy decides this finding any more");
                }
            }
        }
        counts.apply(c);
        return closed;
    }

    private static boolean changed(PolicyRow row, PolicyDecision decision) {
        return row.status() != decision.status() || !decision.actor().equals(row.acceptedBy())
                || !decision.reason().equals(row.acceptedReason())
                || !Objects.equals(decision.until(), row.acceptedUntil());
    }
}
