package dev.vigil.server.api;

import dev.vigil.model.NewWebhook;
import dev.vigil.model.Page;
import dev.vigil.model.Role;
import dev.vigil.model.Webhook;
import dev.vigil.model.WebhookDelivery;
import dev.vigil.server.access.Caller;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.Authentication;
import dev.vigil.server.http.Cursor;
import dev.vigil.server.http.JsonIo;
import dev.vigil.server.http.Paging;
import dev.vigil.server.http.QueryReader;
import dev.vigil.server.http.Uuids;
import dev.vigil.server.notify.Webhooks;
import dev.vigil.server.outbound.OutboundGuard;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.List;
import java.util.UUID;

/**
 * {@code /v1/webhooks} (Admin/Owner): create (the secret shown once), list, delete, ping and resume a webhook;
 * list its deliveries, newest first, and send one again.
 */
public final class WebhookService implements HttpService {

    private final Webhooks webhooks;
    private final OutboundGuard outbound;

    public WebhookService(Webhooks webhooks, OutboundGuard outbound) {
        this.webhooks = webhooks;
        this.outbound = outbound;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", this::listWebhooks)
                .post("/", this::createWebhook)
                .delete("/{id}", this::deleteWebhook)
                .post("/{id}/ping", this::pingWebhook)
                .post("/{id}/resume", this::resumeWebhook)
                .get("/{id}/deliveries", this::listDeliveries)
                .post("/{id}/deliveries/{delivery}/redeliver", this::redeliver);
    }

    private void createWebhook(ServerRequest request, ServerResponse response) {
        Caller caller = requireAdmin(request, "creating a webhook");
        NewWebhook webhook = WebhookInput.read(JsonIo.readObject(request), outbound);
        JsonIo.created(response, webhooks.create(caller.tenantId(), webhook));
    }

    private void listWebhooks(ServerRequest request, ServerResponse response) {
        Caller caller = requireAdmin(request, "listing webhooks");
        QueryReader query = new QueryReader(request.query());
        int limit = query.limit();
        List<String> after = query.cursor().map(c -> Cursor.decode(c, "webhooks", 2)).orElse(null);
        List<Webhook> rows = webhooks.page(caller.tenantId(), after == null ? null : Cursor.number(after.get(0)),
                after == null ? null : Cursor.uuid(after.get(1)), limit + 1);
        JsonIo.ok(response, Paging.page(rows, limit, "webhooks",
                w -> new String[]{Long.toString(w.createdAt().toEpochMilli()), w.id().toString()}));
    }

    private void deleteWebhook(ServerRequest request, ServerResponse response) {
        Caller caller = requireAdmin(request, "deleting a webhook");
        webhooks.delete(caller.tenantId(), id(request, "id", "webhook"));
        response.status(Status.NO_CONTENT_204).send();
    }

    private void pingWebhook(ServerRequest request, ServerResponse response) {
        Caller caller = requireAdmin(request, "pinging a webhook");
        JsonIo.send(response, Status.ACCEPTED_202, webhooks.ping(caller.tenantId(), id(request, "id", "webhook")));
    }

    private void resumeWebhook(ServerRequest request, ServerResponse response) {
        Caller caller = requireAdmin(request, "resuming a webhook");
        JsonIo.ok(response, webhooks.resume(caller.tenantId(), id(request, "id", "webhook")));
    }

    private void listDeliveries(ServerRequest request, ServerResponse response) {
        Caller caller = requireAdmin(request, "listing a webhook's deliveries");
        UUID webhookId = id(request, "id", "webhook");
        QueryReader query = new QueryReader(request.query());
        int limit = query.limit();
        String filters = "deliveries:" + webhookId;
        Long before = query.cursor().map(c -> Cursor.number(Cursor.decode(c, filters, 1).getFirst())).orElse(null);
        List<Webhooks.Logged> rows = webhooks.deliveries(caller.tenantId(), webhookId, before, limit + 1);
        var page = Paging.page(rows, limit, filters, d -> new String[]{Long.toString(d.seq())});
        JsonIo.ok(response, new Page<WebhookDelivery>(
                page.data().stream().map(Webhooks.Logged::delivery).toList(), page.hasMore(), page.nextCursor()));
    }

    private void redeliver(ServerRequest request, ServerResponse response) {
        Caller caller = requireAdmin(request, "redelivering a webhook event");
        JsonIo.send(response, Status.ACCEPTED_202, webhooks.redeliver(caller.tenantId(), id(request, "id", "webhook"),
                id(request, "delivery", "delivery")));
    }

    private static UUID id(ServerRequest request, String parameter, String what) {
        return Uuids.parse(request.path().pathParameters().get(parameter))
                .orElseThrow(() -> ApiException.notFound(what));
    }

    private static Caller requireAdmin(ServerRequest request, String what) {
        Caller caller = Authentication.caller(request);
        caller.requireRole(Role.ADMIN, what);
        return caller;
    }
}
