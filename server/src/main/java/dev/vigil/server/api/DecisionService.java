package dev.vigil.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.model.Decision;
import dev.vigil.model.DecisionPreview;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.Role;
import dev.vigil.server.access.Caller;
import dev.vigil.server.decisions.Decisions;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.Authentication;
import dev.vigil.server.http.Cursor;
import dev.vigil.server.http.Idempotency;
import dev.vigil.server.http.JsonIo;
import dev.vigil.server.http.Paging;
import dev.vigil.server.http.QueryReader;
import dev.vigil.server.scan.Fingerprints;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code /v1/decisions}: make (Admin/Owner; {@code ?dry_run=true} only counts), list and read (any role),
 * delete (Admin/Owner) the tenant's triage decisions.
 */
public final class DecisionService implements HttpService {

    private static final String ROUTE = "POST /v1/decisions";

    private final Decisions decisions;
    private final Idempotency idempotency;
    private final Clock clock;

    public DecisionService(Decisions decisions, Idempotency idempotency, Clock clock) {
        this.decisions = decisions;
        this.idempotency = idempotency;
        this.clock = clock;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", this::listDecisions)
                .post("/", this::createDecision)
                .get("/{id}", this::getDecision)
                .delete("/{id}", this::deleteDecision);
    }

    private void createDecision(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        caller.requireRole(Role.ADMIN, "making a decision");
        Optional<String> dryRunText = new QueryReader(request.query()).text("dry_run");
        if (dryRunText.isPresent() && !dryRunText.get().equals("true") && !dryRunText.get().equals("false")) {
            throw ApiException.validation("dry_run", "must be true or false");
        }
        boolean dryRun = dryRunText.map(Boolean::parseBoolean).orElse(false);
        JsonNode body = JsonIo.readObject(request);
        Decisions.Request decision = DecisionRequests.read(body, clock);
        if (dryRun) {
            JsonIo.ok(response, new DecisionPreview(decisions.preview(caller, decision)));
            return;
        }
        var outcome = idempotency.execute(caller, ROUTE, Idempotency.key(request),
                Fingerprints.sha256Hex(body.toString()),
                () -> new Idempotency.Outcome(201, JsonIo.text(decisions.create(caller, decision)), false));
        JsonIo.send(response, outcome);
    }

    private void listDecisions(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        QueryReader query = new QueryReader(request.query());
        int limit = query.limit();
        Optional<UUID> projectId = query.uuid("project_id");
        Optional<FindingStatus> status = query.oneOf("status", FindingStatus.class);
        String filters = "decisions:" + projectId.map(UUID::toString).orElse("") + ":"
                + status.map(FindingStatus::wire).orElse("");
        Optional<Map.Entry<Long, UUID>> after = query.cursor().map(c -> {
            List<String> key = Cursor.decode(c, filters, 2);
            return Map.entry(Cursor.number(key.get(0)), Cursor.uuid(key.get(1)));
        });
        List<Decision> rows = decisions.page(caller, projectId, status, after, limit);
        JsonIo.ok(response, Paging.page(rows, limit, filters,
                d -> new String[]{Long.toString(d.createdAt().toEpochMilli()), d.id().toString()}));
    }

    private void getDecision(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        JsonIo.ok(response, decisions.find(caller, PathIds.id(request, "decision")));
    }

    private void deleteDecision(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        caller.requireRole(Role.ADMIN, "deleting a decision");
        decisions.delete(caller, PathIds.id(request, "decision"));
        response.status(Status.NO_CONTENT_204).send();
    }
}
