package dev.vigil.server.triage;

import dev.vigil.model.BulkStatusResult;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.TriageAction;
import dev.vigil.model.TriageStateMachine;
import dev.vigil.model.User;
import dev.vigil.server.access.Caller;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.FindingCounts;
import dev.vigil.server.store.FindingRepository;
import dev.vigil.server.store.HistoryRepository;
import dev.vigil.server.store.UserRepository;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Status changes and assignments by people: role and field checks, the state machine of
 * docs/adr/0012-triage-state-machine-and-bulk-triage.md, and a history entry for every change, in one
 * transaction per request.
 */
public final class FindingTriage {

    private final Database database;
    private final FindingRepository findings;
    private final HistoryRepository history;
    private final UserRepository users;
    private final Clock clock;

    public FindingTriage(Database database, FindingRepository findings, HistoryRepository history,
                         UserRepository users, Clock clock) {
        this.database = database;
        this.findings = findings;
        this.history = history;
        this.users = users;
        this.clock = clock;
    }

    /** Checks the caller's role and the request's fields once, for one finding or a thousand. */
    public void check(Caller caller, TriageRequest request) {
        TriageAction action = request.action();
        if (!action.permits(caller.role())) {
            throw TriageRefused.insufficientRole("the " + action.wire() + " action needs the "
                    + action.minimumRole().wire() + " role or higher");
        }
        if (action.requiresReason() && request.reason().isEmpty()) {
            throw TriageRefused.invalid("reason", "is required for " + action.wire());
        }
        if (action.requiresAcceptedUntil()) {
            LocalDate until = request.acceptedUntil()
                    .orElseThrow(() -> TriageRefused.invalid("accepted_until", "is required for accept"));
            LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
            if (!until.isAfter(today) || until.isAfter(today.plusYears(1))) {
                throw TriageRefused.invalid("accepted_until", "must be a future date at most one year ahead");
            }
        }
    }

    public Finding changeStatus(Caller caller, UUID id, TriageRequest request) {
        check(caller, request);
        return database.inTransaction(c -> {
            Finding finding = find(c, caller, id);
            FindingCounts.Changes counts = new FindingCounts.Changes();
            if (apply(c, caller, finding, request, counts)) {
                counts.apply(c);
                return find(c, caller, id);
            }
            return finding;  // a no-op success changed nothing: the finding as it was read
        });
    }

    public BulkStatusResult bulkStatus(Caller caller, List<UUID> ids, TriageRequest request) {
        check(caller, request);
        return database.inTransaction(c -> {
            List<BulkStatusResult.Item> results = new ArrayList<>();
            FindingCounts.Changes counts = new FindingCounts.Changes();
            for (UUID id : ids) {
                try {
                    apply(c, caller, find(c, caller, id), request, counts);
                    results.add(new BulkStatusResult.Item(id, request.action().target(), null));
                } catch (TriageRefused refused) {
                    results.add(new BulkStatusResult.Item(id, null, refused.reason().name()));
                }
            }
            counts.apply(c);
            return new BulkStatusResult(results);
        });
    }

    private Finding find(Connection c, Caller caller, UUID id) throws SQLException {
        return findings.find(c, caller.tenantId(), id, clock.millis())
                .orElseThrow(() -> TriageRefused.notFound("finding"));
    }

    /** Moves the finding as {@code request} asks; false when it is in the target state already (a no-op). */
    private boolean apply(Connection c, Caller caller, Finding finding, TriageRequest request,
                          FindingCounts.Changes counts) throws SQLException {
        TriageAction action = request.action();
        return switch (TriageStateMachine.outcome(finding.status(), action)) {
            case NO_OP -> false;
            case INVALID -> throw TriageRefused.invalidTransition("cannot " + action.wire() + " a finding that is "
                    + finding.status().wire() + "; allowed from " + TriageStateMachine.allowedFrom(action).stream()
                    .map(FindingStatus::wire).toList());
            case MOVE -> {
                move(c, caller, finding, request, counts);
                yield true;
            }
        };
    }

    private void move(Connection c, Caller caller, Finding finding, TriageRequest request,
                      FindingCounts.Changes counts) throws SQLException {
        TriageAction action = request.action();
        boolean accept = action == TriageAction.ACCEPT;
        boolean moved = findings.changeStatus(c, finding.id(), finding.status(), action.target(),
                accept ? caller.email() : null, accept ? request.reason().orElseThrow() : null,
                accept ? request.acceptedUntil().orElseThrow() : null, counts);
        if (!moved) {
            throw TriageRefused.invalidTransition("the finding changed meanwhile; reload it and try again");
        }
        history.insert(c, finding.id(), clock.millis(), caller.email(), finding.status(), action.target(),
                action.wire(), request.reason().orElse(null));
    }

    /** Assigns a finding to a user of the tenant, or unassigns it with an empty user. */
    public Finding assign(Caller caller, UUID id, Optional<UUID> userId) {
        return database.inTransaction(c -> {
            Finding finding = find(c, caller, id);
            String assignee = null;
            if (userId.isPresent()) {
                User user = users.find(c, caller.tenantId(), userId.get())
                        .orElseThrow(() -> TriageRefused.invalid("user_id", "no such user in this tenant"));
                assignee = user.email();
            }
            findings.assign(c, id, userId.orElse(null));
            history.insert(c, id, clock.millis(), caller.email(), finding.status(), finding.status(),
                    "assign", assignee == null ? "unassigned" : "assigned to " + assignee);
            return find(c, caller, id);
        });
    }
}
