package dev.vigil.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.model.ApiKey;
import dev.vigil.model.CreatedApiKey;
import dev.vigil.model.Role;
import dev.vigil.model.User;
import dev.vigil.server.access.ApiKeyTokens;
import dev.vigil.server.access.Caller;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.Authentication;
import dev.vigil.server.http.BodyReader;
import dev.vigil.server.http.Cursor;
import dev.vigil.server.http.Idempotency;
import dev.vigil.server.http.JsonIo;
import dev.vigil.server.http.Paging;
import dev.vigil.server.http.QueryReader;
import dev.vigil.server.scan.Fingerprints;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.UserRepository;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * {@code /v1/api-keys} (Admin/Owner): create or revoke a key of oneself or of a user whose role is not above
 * one's own, with an expiry at most a year ahead; the key is shown once. List.
 */
public final class ApiKeyService implements HttpService {

    private static final String ROUTE = "POST /v1/api-keys";

    private final Database database;
    private final ApiKeys keys;
    private final UserRepository users;
    private final Idempotency idempotency;

    public ApiKeyService(Database database, ApiKeys keys, UserRepository users, Idempotency idempotency) {
        this.database = database;
        this.keys = keys;
        this.users = users;
        this.idempotency = idempotency;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", this::listKeys)
                .post("/", this::createKey)
                .delete("/{id}", this::revokeKey);
    }

    private void createKey(ServerRequest request, ServerResponse response) {
        Caller caller = requireAdmin(request, "creating an API key");
        JsonNode body = JsonIo.readObject(request);
        BodyReader fields = new BodyReader(body);
        String name = fields.requiredText("name", 200);
        String expires = fields.requiredText("expires_at", 40);
        UUID userId = fields.optionalUuid("user_id").orElse(caller.userId());
        fields.validate();
        Instant expiresAt = keys.expiry(expires);
        User owner = database.inTransaction(c -> users.find(c, caller.tenantId(), userId))
                .orElseThrow(() -> ApiException.validation("user_id", "no such user in this tenant"));
        ApiKeys.requireNotAbove(caller.role(), owner.role(), "create");
        var claim = new Idempotency.Claim(caller.tenantId(), ROUTE, Idempotency.key(request));
        var replay = idempotency.begin(claim, Fingerprints.sha256Hex(body.toString()));
        if (replay.isPresent()) {
            JsonIo.send(response, replay.get());
            return;
        }
        CreatedApiKey created = create(claim, caller, name, owner, expiresAt);
        JsonIo.created(response, created);
    }

    /** Creates the key; a replay of this request shows the record with the key masked, never the key. */
    private CreatedApiKey create(Idempotency.Claim claim, Caller caller, String name, User owner, Instant expiresAt) {
        CreatedApiKey created;
        try {
            created = keys.create(caller.tenantId(), owner.id(), name, expiresAt);
        } catch (RuntimeException e) {
            idempotency.abandon(claim);
            throw e;
        }
        CreatedApiKey masked = new CreatedApiKey(created.id(), created.name(),
                ApiKeyTokens.displayPrefix(created.key()) + "…", created.userId(), created.expiresAt(),
                created.createdAt());
        idempotency.complete(claim, new Idempotency.Outcome(201, JsonIo.text(masked), false));
        return created;
    }

    private void listKeys(ServerRequest request, ServerResponse response) {
        Caller caller = requireAdmin(request, "listing API keys");
        QueryReader query = new QueryReader(request.query());
        int limit = query.limit();
        List<String> after = query.cursor().map(c -> Cursor.decode(c, "api-keys", 2)).orElse(null);
        List<ApiKey> rows = keys.page(caller.tenantId(), after, limit);
        JsonIo.ok(response, Paging.page(rows, limit, "api-keys",
                k -> new String[]{Long.toString(k.createdAt().toEpochMilli()), k.id().toString()}));
    }

    private void revokeKey(ServerRequest request, ServerResponse response) {
        Caller caller = requireAdmin(request, "revoking an API key");
        keys.revoke(caller.tenantId(), caller.role(), PathIds.id(request, "API key"));
        response.status(Status.NO_CONTENT_204).send();
    }

    private static Caller requireAdmin(ServerRequest request, String what) {
        Caller caller = Authentication.caller(request);
        caller.requireRole(Role.ADMIN, what);
        return caller;
    }
}
