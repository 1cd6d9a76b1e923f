package dev.vigil.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.model.Role;
import dev.vigil.model.TriageAction;
import dev.vigil.server.access.Caller;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.Authentication;
import dev.vigil.server.http.BodyReader;
import dev.vigil.server.http.JsonIo;
import dev.vigil.server.http.QueryReader;
import dev.vigil.server.http.Uuids;
import dev.vigil.server.triage.FindingTriage;
import dev.vigil.server.triage.TriageRequest;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code /v1/repo-vulnerabilities}: the findings list, export and stats, one finding with its history, and
 * the triage actions (status, bulk status, assignment).
 */
public final class FindingService implements HttpService {

    private static final int MAX_BULK = 1000;

    private final FindingReads reads;
    private final FindingTriage triage;

    public FindingService(FindingReads reads, FindingTriage triage) {
        this.reads = reads;
        this.triage = triage;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", this::listFindings)
                .get("/export", this::exportFindings)
                .get("/stats", this::findingStats)
                .post("/bulk-status", this::bulkStatus)
                .get("/{id}", this::getFinding)
                .get("/{id}/history", this::findingHistory)
                .post("/{id}/status", this::changeStatus)
                .post("/{id}/assign", this::assign);
    }

    private void listFindings(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        QueryReader query = new QueryReader(request.query());
        JsonIo.ok(response, reads.page(caller, FindingFilters.read(query), query.limit(), query.cursor()));
    }

    private void exportFindings(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        caller.requireRole(Role.ADMIN, "exporting findings");
        if (!caller.plan().allowsExport()) {
            throw ApiException.forbidden("the " + caller.plan().wire() + " plan does not include export");
        }
        QueryReader query = new QueryReader(request.query());
        reads.export(caller, FindingFilters.read(query), FindingFilters.format(query), response);
    }

    private void findingStats(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        JsonIo.ok(response, reads.stats(caller, new QueryReader(request.query()).uuid("project_id")));
    }

    private void getFinding(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        JsonIo.ok(response, reads.detail(caller, PathIds.id(request, "finding")));
    }

    private void findingHistory(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        QueryReader query = new QueryReader(request.query());
        JsonIo.ok(response, reads.history(caller, PathIds.id(request, "finding"), query.limit(), query.cursor()));
    }

    private void changeStatus(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        UUID id = PathIds.id(request, "finding");
        TriageRequest change = triageRequest(new BodyReader(JsonIo.readObject(request)));
        JsonIo.ok(response, triage.changeStatus(caller, id, change));
    }

    private void bulkStatus(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        BodyReader body = new BodyReader(JsonIo.readObject(request));
        List<UUID> ids = ids(body);
        TriageRequest change = triageRequest(body);
        JsonIo.ok(response, triage.bulkStatus(caller, ids, change));
    }

    private void assign(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        UUID id = PathIds.id(request, "finding");
        BodyReader body = new BodyReader(JsonIo.readObject(request));
        if (body.node("user_id") == null) {
            body.addProblem("user_id", "is required: a user id, or null to unassign");
        }
        Optional<UUID> user = body.optionalUuid("user_id");
        body.validate();
        JsonIo.ok(response, triage.assign(caller, id, user));
    }

    private static TriageRequest triageRequest(BodyReader body) {
        TriageAction action = body.requiredEnum("action", TriageAction.class);
        Optional<String> reason = body.optionalText("reason", 2000);
        var until = body.optionalDate("accepted_until");
        body.validate();
        return new TriageRequest(action, reason, until);
    }

    private static List<UUID> ids(BodyReader body) {
        JsonNode node = body.node("ids");
        if (node == null || !node.isArray() || node.isEmpty() || node.size() > MAX_BULK) {
            throw ApiException.validation("ids", "must be an array of 1 to " + MAX_BULK + " finding ids");
        }
        LinkedHashSet<UUID> ids = new LinkedHashSet<>();
        for (JsonNode item : node) {
            ids.add(Uuids.parse(item.isTextual() ? item.asText() : null)
                    .orElseThrow(() -> ApiException.validation("ids", "every id must be a UUID")));
        }
        return new ArrayList<>(ids);
    }
}
