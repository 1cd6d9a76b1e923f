package dev.vigil.client;

import dev.vigil.model.CreatedApiKey;
import dev.vigil.model.CreatedTenant;
import dev.vigil.model.KeyRenewal;
import dev.vigil.model.NewTenant;
import dev.vigil.model.SubscriptionChange;
import dev.vigil.model.Tenant;

import java.net.URI;
import java.util.UUID;

import static dev.vigil.client.Transport.type;

/**
 * The client of the operators' system API ({@code /system/…}), authorised by the server's system token.
 * Errors and failures are reported as by {@link VigilClient}.
 */
public final class SystemClient implements AutoCloseable {

    private final Transport transport;

    SystemClient(Transport transport) {
        this.transport = transport;
    }

    public static SystemClient of(URI baseUri, String systemToken) {
        return builder(baseUri, systemToken).build();
    }

    public static ClientBuilder<SystemClient> builder(URI baseUri, String systemToken) {
        return new ClientBuilder<>(baseUri, systemToken, SystemClient::new);
    }

    /** Creates a tenant with its Owner; the answer holds the Owner's first API key, shown this once. */
    public CreatedTenant createTenant(NewTenant tenant) {
        return transport.<CreatedTenant>call(Exchange.json("POST", "/system/tenants", tenant),
                type(CreatedTenant.class)).body();
    }

    /** Changes the plan and/or status; a null field of {@code change} is left as it is. */
    public Tenant setSubscription(UUID tenantId, SubscriptionChange change) {
        Exchange exchange = Exchange.json("PUT", "/system/tenants/" + tenantId + "/subscription", change);
        return transport.<Tenant>call(exchange, type(Tenant.class)).body();
    }

    /** A new key for the user of {@code renewal}'s key, which may be revoked or expired; shown this once. */
    public CreatedApiKey renewApiKey(KeyRenewal renewal) {
        return transport.<CreatedApiKey>call(Exchange.json("POST", "/system/api-keys/renew", renewal),
                type(CreatedApiKey.class)).body();
    }

    public Tenant getTenant(UUID tenantId) {
        return transport.get("/system/tenants/" + tenantId, type(Tenant.class));
    }

    public URI baseUri() {
        return transport.baseUri();
    }

    /** Releases the default HTTP client's connections and thread; a client given to the builder stays open. */
    @Override
    public void close() {
        transport.close();
    }

    @Override
    public String toString() {
        return "SystemClient[" + transport.baseUri() + "]";
    }
}
