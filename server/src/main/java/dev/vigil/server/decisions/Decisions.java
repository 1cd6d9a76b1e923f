package dev.vigil.server.decisions;

import dev.vigil.model.Decision;
import dev.vigil.model.DecisionScope;
import dev.vigil.model.FindingStatus;
import dev.vigil.server.access.Caller;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.FindingCounts;
import dev.vigil.server.store.FindingRepository;
import dev.vigil.server.store.HistoryRepository;
import dev.vigil.server.store.ProjectRepository;
import dev.vigil.server.triage.DecisionMerge;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Triage decisions across projects (docs/adr/0052-decisions-across-projects.md): making one changes the
 * tenant's open, in-backlog and in-progress findings in its scope at once, every default-branch merge applies
 * the tenant's decisions to its project ({@link #applyOnMerge}), and deleting one puts back the findings it
 * changed that nobody changed since.
 */
public final class Decisions {

    private static final int BATCH = 500;

    private final Database database;
    private final DecisionRepository decisions;
    private final FindingRepository findings;
    private final HistoryRepository history;
    private final ProjectRepository projects;
    private final Supplier<RuleAliases> aliases;
    private final Clock clock;

    public Decisions(Database database, DecisionRepository decisions, FindingRepository findings,
                     HistoryRepository history, ProjectRepository projects, Supplier<RuleAliases> aliases,
                     Clock clock) {
        this.database = database;
        this.decisions = decisions;
        this.findings = findings;
        this.history = history;
        this.projects = projects;
        this.aliases = aliases;
        this.clock = clock;
    }

    /** A validated decision to make (the handler checked the fields' forms and the caller's role). */
    public record Request(DecisionScope scope, FindingStatus status, String reason, Optional<LocalDate> until) {
    }

    /** How many findings the decision would change now, changing nothing. */
    public int preview(Caller caller, Request request) {
        return database.read(c -> {
            ScopeMatcher scope = matcher(c, caller.tenantId(), request.scope());
            return walk(c, caller.tenantId(), scope, null, finding -> true);
        });
    }

    public Decision create(Caller caller, Request request) {
        return database.inTransaction(c -> create(c, caller, request));
    }

    /** Makes the decision inside the caller's transaction and applies it at once. */
    public Decision create(Connection c, Caller caller, Request request) throws SQLException {
        ScopeMatcher scope = matcher(c, caller.tenantId(), request.scope());
        DecisionRow row = new DecisionRow(UUID.randomUUID(), caller.tenantId(), request.scope(), request.status(),
                request.reason(), request.until().orElse(null), caller.email(), Instant.ofEpochMilli(clock.millis()));
        decisions.insert(c, row);
        FindingCounts.Changes counts = new FindingCounts.Changes();
        int applied = apply(c, row, scope, clock.millis(), counts);
        counts.apply(c);
        return row.toDecision(applied);
    }

    /** Up to {@code limit + 1} decisions, newest first, after the keyset position (created_at, id). */
    public List<Decision> page(Caller caller, Optional<UUID> projectId, Optional<FindingStatus> status,
                               Optional<Map.Entry<Long, UUID>> after, int limit) {
        return database.read(c -> decisions.page(c, caller.tenantId(), projectId, status, after, limit)).stream()
                .map(l -> l.row().toDecision(l.applied())).toList();
    }

    /**
     * Adds a history note, without a change of status, to the open, in-backlog and in-progress findings in
     * {@code scope}; returns how many.
     */
    public int note(Connection c, Caller caller, DecisionScope scope, String action, String note)
            throws SQLException {
        ScopeMatcher matcher = matcher(c, caller.tenantId(), scope);
        return walk(c, caller.tenantId(), matcher, null, finding -> {
            history.insert(c, finding.id(), clock.millis(), caller.email(), finding.status(), finding.status(),
                    action, note);
            return true;
        });
    }

    public Decision find(Caller caller, UUID id) {
        return database.read(c -> decisions.find(c, caller.tenantId(), id))
                .map(l -> l.row().toDecision(l.applied())).orElseThrow(() -> DecisionRefused.notFound("decision"));
    }

    /** Deletes the decision; the findings it changed and nobody changed since go back to their former status. */
    public void delete(Caller caller, UUID id) {
        database.run(c -> {
            DecisionRow row = decisions.find(c, caller.tenantId(), id).map(DecisionRepository.Listed::row)
                    .orElseThrow(() -> DecisionRefused.notFound("decision"));
            FindingCounts.Changes counts = new FindingCounts.Changes();
            for (Map.Entry<UUID, FindingStatus> applied : decisions.applied(c, id)) {
                Optional<Map.Entry<FindingStatus, String>> last = decisions.lastChange(c, applied.getKey());
                boolean untouched = last.isPresent() && last.get().getKey() == row.status()
                        && last.get().getValue().equals(row.actor());
                if (untouched && findings.changeStatus(c, applied.getKey(), row.status(), applied.getValue(), null,
                        null, null, counts)) {
                    history.insert(c, applied.getKey(), clock.millis(), caller.email(), row.status(),
                            applied.getValue(), "decision_deleted", "decision " + id + " was deleted");
                }
            }
            decisions.delete(c, id);
            counts.apply(c);
        });
    }

    /**
     * Applies every live decision that reaches the project to its open, in-backlog and in-progress findings,
     * in the merge's transaction; a finding a decision changed once is not changed by it again.
     */
    /** The decisions' step in the merge: applied to a default-branch scan's findings, covering a PR scan's. */
    public DecisionMerge onMerge() {
        return new DecisionMerge() {
            @Override
            public void apply(Connection c, UUID tenantId, UUID projectId, long now, FindingCounts.Changes counts)
                    throws SQLException {
                applyOnMerge(c, tenantId, projectId, now, counts);
            }

            @Override
            public Predicate<Detection> covering(Connection c, UUID tenantId, UUID projectId, long now)
                    throws SQLException {
                return Decisions.this.covering(c, tenantId, projectId, now);
            }
        };
    }

    /**
     * The detections of a pull-request scan that a live decision reaching the project covers, as a finding of
     * theirs would be: such a detection is neither introduced nor blocking (ADR 0052).
     */
    Predicate<Detection> covering(Connection c, UUID tenantId, UUID projectId, long now) throws SQLException {
        LocalDate today = LocalDate.ofInstant(Instant.ofEpochMilli(now), ZoneOffset.UTC);
        List<Predicate<Detection>> scopes = new ArrayList<>();
        for (DecisionRow row : decisions.reaching(c, tenantId, projectId)) {
            if (row.liveOn(today)) {
                ScopeMatcher scope = matcher(c, tenantId, row.scope());
                boolean anyRule = row.scope().ruleId() == null;
                scopes.add(d -> (anyRule || scope.ruleIds().contains(d.ruleId()))
                        && scope.matches(new Candidate(null, projectId, d.ruleId(), d.kind(), d.path(),
                                d.description(), FindingStatus.OPEN)));
            }
        }
        return d -> scopes.stream().anyMatch(scope -> scope.test(d));
    }

    public void applyOnMerge(Connection c, UUID tenantId, UUID projectId, long now, FindingCounts.Changes counts)
            throws SQLException {
        LocalDate today = LocalDate.ofInstant(Instant.ofEpochMilli(now), ZoneOffset.UTC);
        for (DecisionRow row : decisions.reaching(c, tenantId, projectId)) {
            if (row.liveOn(today)) {
                ScopeMatcher scope = matcher(c, tenantId, row.scope());
                apply(c, row, new ScopeMatcher(Optional.of(projectId), scope.ruleIds(), scope.packageRange(),
                        scope.path()), now, counts);
            }
        }
    }

    private int apply(Connection c, DecisionRow row, ScopeMatcher scope, long now, FindingCounts.Changes counts)
            throws SQLException {
        return walk(c, row.tenantId(), scope, row.id(), finding -> {
            boolean moved = findings.changeStatus(c, finding.id(), finding.status(), row.status(), row.actor(),
                    row.reason(), row.until(), counts);
            if (moved) {
                decisions.recordApplied(c, row.id(), finding.id(), finding.status());
                history.insert(c, finding.id(), now, row.actor(), finding.status(), row.status(), "decision",
                        row.reason());
            }
            return moved;
        });
    }

    @FunctionalInterface
    private interface Step {
        boolean take(Candidate finding) throws SQLException;
    }

    /** Walks the candidates in batches; counts those in scope that {@code step} took. */
    private int walk(Connection c, UUID tenantId, ScopeMatcher scope, UUID decisionId, Step step)
            throws SQLException {
        int taken = 0;
        UUID after = null;
        UUID exclude = decisionId == null ? new UUID(0, 0) : decisionId;
        while (true) {
            List<Candidate> batch = decisions.candidates(c, tenantId, scope, exclude, after, BATCH);
            for (Candidate finding : batch) {
                if (scope.matches(finding) && step.take(finding)) {
                    taken++;
                }
            }
            if (batch.size() < BATCH) {
                return taken;
            }
            after = batch.getLast().id();
        }
    }

    private ScopeMatcher matcher(Connection c, UUID tenantId, DecisionScope scope) throws SQLException {
        Optional<UUID> project = Optional.ofNullable(scope.projectId());
        if (project.isPresent() && projects.find(c, tenantId, project.get()).isEmpty()) {
            throw DecisionRefused.invalid("scope.project_id", "no such project in this tenant");
        }
        Set<String> ruleIds = new HashSet<>();
        if (scope.ruleId() != null) {
            ruleIds.addAll(aliases.get().vigilIds(scope.ruleId()));
            ruleIds.addAll(decisions.advisoryIds(c, scope.ruleId()));
        }
        return new ScopeMatcher(project, ruleIds,
                Optional.ofNullable(scope.packageUrl()).flatMap(PackageRange::parse),
                Optional.ofNullable(scope.path()).flatMap(PathGlob::parse));
    }
}
