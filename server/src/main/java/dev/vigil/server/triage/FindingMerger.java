package dev.vigil.server.triage;

import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import dev.vigil.server.policy.PolicyMerge;
import dev.vigil.server.policy.RepositoryPolicy;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.store.FindingCounts;
import dev.vigil.server.store.MergeRepository;
import dev.vigil.server.store.MergeRepository.Known;
import dev.vigil.server.store.MergeRepository.NewFinding;
import dev.vigil.server.store.MergeRepository.ScanChange;
import dev.vigil.server.store.MergeRepository.Seen;
import dev.vigil.server.store.PolicyRepository;
import dev.vigil.server.store.ProjectRepository;
import dev.vigil.server.store.ScanRow;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/**
 * What a finished scan does to its project (docs/adr/0011-default-branch-scans-change-findings.md,
 * docs/adr/0020-pull-request-comments-from-scan-results.md). A scan of the default branch without a pull
 * request updates the project's findings for the kinds it ran; any other scan is only compared with them.
 */
public final class FindingMerger {

    /**
     * The scan's counts (with introduced, debt and blocking for pull-request scans), the fingerprints it
     * introduced, those that are debt in the changed files, those that block, and the policy applied; for a
     * default-branch scan, the ids of the findings it opened and of the resolved ones it found again.
     */
    public record Result(ScanRow.Counts counts, boolean blocked, Set<String> introduced, Set<String> debt,
                         Set<String> blocking, BlockingPolicy policy, Collection<Detection> detections,
                         List<NewFinding> opened, List<UUID> regressed) {

        static Result of(ScanRow.Counts counts, Collection<Detection> detections) {
            return of(counts, detections, List.of(), List.of());
        }

        static Result of(ScanRow.Counts counts, Collection<Detection> detections, List<NewFinding> opened,
                         List<UUID> regressed) {
            return new Result(counts, false, Set.of(), Set.of(), Set.of(), BlockingPolicy.defaults(),
                    List.copyOf(detections), List.copyOf(opened), List.copyOf(regressed));
        }
    }

    private final ProjectRepository projects;
    private final MergeRepository merges;
    private final SlaPolicy sla;
    private final PolicyRepository policies;
    private final DecisionMerge decisions;
    private final PolicyMerge repositoryPolicy = new PolicyMerge();

    public FindingMerger(ProjectRepository projects, MergeRepository merges, SlaPolicy sla, PolicyRepository policies) {
        this(projects, merges, sla, policies, DecisionMerge.NONE);
    }

    public FindingMerger(ProjectRepository projects, MergeRepository merges, SlaPolicy sla, PolicyRepository policies,
                         DecisionMerge decisions) {
        this.projects = projects;
        this.merges = merges;
        this.sla = sla;
        this.policies = policies;
        this.decisions = decisions;
    }

    /**
     * Merges or compares inside the caller's transaction, which also completes the scan. Only findings of the
     * kinds that {@code ran} are touched; {@code read} tells whether the scan read a path entirely for a kind, and
     * a finding in a file it did not read is not resolved.
     */
    public Result merge(Connection c, ScanRow scan, Set<ScanKind> ran, List<Detection> detections, long now,
                        BiPredicate<ScanKind, String> read) throws SQLException {
        return merge(c, scan, ran, detections, now, read, RepositoryPolicy.none());
    }

    /** As above, applying the repository's {@code policy} to what the scan saw (a separate step, PolicyMerge). */
    public Result merge(Connection c, ScanRow scan, Set<ScanKind> ran, List<Detection> detections, long now,
                        BiPredicate<ScanKind, String> read, RepositoryPolicy policy) throws SQLException {
        Map<String, Detection> distinct = distinct(detections);
        projects.lockForMerge(c, scan.projectId());
        if (scan.prId() == null) {
            projects.adoptDefaultBranch(c, scan.projectId(), scan.branch());
        }
        String defaultBranch = projects.find(c, scan.tenantId(), scan.projectId()).orElseThrow().defaultBranch();
        Map<String, Known> known = ran.isEmpty() ? Map.of() : merges.known(c, scan.projectId(), ran);
        if (scan.prId() == null && scan.branch().equals(defaultBranch)) {
            Changed changed = update(c, scan, distinct, known, now, read);
            Set<UUID> closed = repositoryPolicy.apply(c, scan.projectId(), ran, distinct.values(), policy, now);
            // what the repository's policy closed at once is neither new nor regressed for whoever is told
            return Result.of(counts(distinct.values(), null, null, null), distinct.values(),
                    changed.opened().stream().filter(n -> !closed.contains(n.id())).toList(),
                    changed.regressed().stream().filter(id -> !closed.contains(id)).toList());
        }
        if (scan.prId() == null) {
            distinct.values().forEach(policy::decide);
            return Result.of(counts(distinct.values(), null, null, null), distinct.values());
        }
        Predicate<Detection> decided = decisions.covering(c, scan.tenantId(), scan.projectId(), now);
        return compare(scan, distinct, known, BlockingPolicy.of(policies.findOrDefault(c, scan.projectId())),
                d -> policy.decide(d).isPresent() || decided.test(d));
    }

    /** The findings a default-branch scan opened and those it found again after they were resolved. */
    private record Changed(List<NewFinding> opened, List<UUID> regressed) {
    }

    private Changed update(Connection c, ScanRow scan, Map<String, Detection> seen, Map<String, Known> known, long now,
                           BiPredicate<ScanKind, String> read) throws SQLException {
        List<NewFinding> created = new ArrayList<>();
        List<Seen> refreshed = new ArrayList<>();
        List<ScanChange> changes = new ArrayList<>();
        for (Detection d : seen.values()) {
            Known k = known.get(d.fingerprint());
            if (k == null) {
                created.add(new NewFinding(UUID.randomUUID(), d, now, sla.deadline(d.severity(), now).orElse(null)));
                continue;
            }
            refreshed.add(new Seen(k, d));
            if (k.status() == FindingStatus.RESOLVED) {
                // refreshed first: the regression counts at the severity the scan saw
                changes.add(new ScanChange(k.id(), k.place().withSeverity(d.severity()), FindingStatus.RESOLVED,
                        FindingStatus.OPEN, "regression"));
            }
        }
        for (var entry : known.entrySet()) {
            Known k = entry.getValue();
            if (!seen.containsKey(entry.getKey()) && k.status().isActive() && read.test(k.place().kind(), k.path())) {
                changes.add(new ScanChange(k.id(), k.place(), k.status(), FindingStatus.RESOLVED,
                        "resolved_by_scan"));
            }
        }
        String actor = "scan:" + scan.id();
        FindingCounts.Changes counts = new FindingCounts.Changes();
        merges.insert(c, scan.tenantId(), scan.projectId(), created, counts);
        merges.logDetected(c, created, now, actor);
        merges.refresh(c, scan.tenantId(), refreshed, now, counts);
        merges.change(c, changes, now, actor, counts);
        decisions.apply(c, scan.tenantId(), scan.projectId(), now, counts);
        counts.apply(c);
        return new Changed(created, changes.stream()
                .filter(change -> change.from() == FindingStatus.RESOLVED).map(ScanChange::id).toList());
    }

    private static Result compare(ScanRow scan, Map<String, Detection> seen, Map<String, Known> known,
                                  BlockingPolicy blocking, Predicate<Detection> ignored) {
        Set<String> changed = ChangedFiles.parse(scan.changedFiles());
        boolean withChanges = scan.changedFiles() != null;
        Set<String> introduced = new HashSet<>();
        Set<String> debt = new HashSet<>();
        Set<String> blocks = new HashSet<>();
        for (Detection d : seen.values()) {
            if (ignored.test(d)) {
                continue;
            }
            Known k = known.get(d.fingerprint());
            boolean inChange = !withChanges || changed.contains(d.path());
            if ((k == null || k.status() == FindingStatus.RESOLVED) && inChange) {
                introduced.add(d.fingerprint());
                if (blocking.blocks(d)) {
                    blocks.add(d.fingerprint());
                }
            } else if (withChanges && inChange && k != null && k.status().isActive()) {
                debt.add(d.fingerprint());
            }
        }
        ScanRow.Counts counts = counts(seen.values(), introduced.size(), withChanges ? debt.size() : null,
                blocks.size());
        return new Result(counts, !blocks.isEmpty(), Set.copyOf(introduced), Set.copyOf(debt), Set.copyOf(blocks),
                blocking, List.copyOf(seen.values()), List.of(), List.of());
    }

    private static Map<String, Detection> distinct(List<Detection> detections) {
        Map<String, Detection> distinct = new LinkedHashMap<>();
        for (Detection d : detections) {
            distinct.merge(d.fingerprint(), d, (a, b) -> b.severity().rank() < a.severity().rank() ? b : a);
        }
        return distinct;
    }

    private static ScanRow.Counts counts(Collection<Detection> detections, Integer introduced, Integer debt,
                                         Integer blocking) {
        int[] bySeverity = new int[Severity.values().length];
        detections.forEach(d -> bySeverity[d.severity().rank()]++);
        return new ScanRow.Counts(bySeverity[0], bySeverity[1], bySeverity[2], bySeverity[3], bySeverity[4],
                introduced, debt, blocking);
    }
}
