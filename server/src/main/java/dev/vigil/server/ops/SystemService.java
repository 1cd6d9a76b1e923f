package dev.vigil.server.ops;

import dev.vigil.model.Plan;
import dev.vigil.model.SubscriptionStatus;
import dev.vigil.model.Tenant;
import dev.vigil.server.api.ApiKeys;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.BodyReader;
import dev.vigil.server.http.ConstantTime;
import dev.vigil.server.http.JsonIo;
import dev.vigil.server.http.Uuids;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.Clock;
import java.util.UUID;

/** {@code /system/tenants}: the operators' API, authorised by the system token, behind {@code vigil admin}. */
public final class SystemService implements HttpService {

    private final Tenants tenants;
    private final ApiKeys keys;
    private final Clock clock;
    private final String token;

    public SystemService(Tenants tenants, ApiKeys keys, Clock clock, String token) {
        this.tenants = tenants;
        this.keys = keys;
        this.clock = clock;
        this.token = token;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.any(this::authorise)
                .post("/tenants", this::createTenant)
                .get("/tenants/{id}", this::getTenant)
                .put("/tenants/{id}/subscription", this::setSubscription)
                .post("/api-keys/renew", this::renewKey);
    }

    private void authorise(ServerRequest request, ServerResponse response) {
        String header = request.headers().first(HeaderNames.AUTHORIZATION).orElse("");
        String given = header.startsWith("Bearer ") ? header.substring(7).strip() : "";
        if (!ConstantTime.matches(given, token)) {
            throw ApiException.unauthorized("the system API needs the system token");
        }
        response.next();
    }

    private void createTenant(ServerRequest request, ServerResponse response) {
        BodyReader body = new BodyReader(JsonIo.readObject(request));
        String name = body.requiredText("name", 200);
        String owner = body.requiredText("owner_email", 320);
        Plan plan = body.optionalEnum("plan", Plan.class).orElse(Plan.TEAM);
        body.validate();
        JsonIo.created(response, tenants.create(name, owner, plan));
    }

    private void getTenant(ServerRequest request, ServerResponse response) {
        JsonIo.ok(response, tenants.find(tenantId(request)));
    }

    private void setSubscription(ServerRequest request, ServerResponse response) {
        UUID id = tenantId(request);
        BodyReader body = new BodyReader(JsonIo.readObject(request));
        var plan = body.optionalEnum("plan", Plan.class);
        var status = body.optionalEnum("status", SubscriptionStatus.class);
        body.validate();
        Tenant updated = tenants.setSubscription(id, plan, status);
        JsonIo.ok(response, updated);
    }

    /** A new key for the user of a key that no longer works; the dashboard's way back to its own tenant. */
    private void renewKey(ServerRequest request, ServerResponse response) {
        BodyReader body = new BodyReader(JsonIo.readObject(request));
        String oldKey = body.requiredText("api_key", 200);
        String name = body.optionalText("name", 100).orElse("renewed key");
        body.validate();
        JsonIo.created(response, keys.renew(oldKey, name, clock.instant().plus(Tenants.FIRST_KEY_LIFETIME)));
    }

    private static UUID tenantId(ServerRequest request) {
        return Uuids.parse(request.path().pathParameters().get("id")).orElseThrow(() -> ApiException.notFound("tenant"));
    }
}
