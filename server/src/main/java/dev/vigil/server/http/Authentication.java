package dev.vigil.server.http;

import dev.vigil.model.SubscriptionStatus;
import dev.vigil.server.access.ApiKeyTokens;
import dev.vigil.server.access.Caller;
import dev.vigil.server.access.KeyOwners;
import dev.vigil.server.store.ApiKeyRepository.KeyOwner;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;
import io.helidon.webserver.http.ServerRequest;

import java.time.Clock;

/**
 * Authenticates every /v1 request by its Bearer key: 401 for a missing, unknown, revoked or expired key,
 * 402 for a tenant whose subscription is canceled. The {@link Caller} goes into the request context.
 */
public final class Authentication implements Filter {

    private static final String BEARER = "Bearer ";

    private final KeyOwners owners;
    private final Clock clock;

    public Authentication(KeyOwners owners, Clock clock) {
        this.owners = owners;
        this.clock = clock;
    }

    @Override
    public void filter(FilterChain chain, RoutingRequest request, RoutingResponse response) {
        if (!request.path().path().startsWith("/v1/")) {
            chain.proceed();
            return;
        }
        try {
            request.context().register(authenticate(request));
        } catch (ApiException refused) {
            ErrorMapping.refused(request, response, refused);
            return;
        }
        chain.proceed();
    }

    private Caller authenticate(ServerRequest request) {
        String header = request.headers().first(HeaderNames.AUTHORIZATION).orElse("");
        if (!header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            throw ApiException.unauthorized("send the API key as 'Authorization: Bearer <key>'");
        }
        String key = header.substring(BEARER.length()).strip();
        KeyOwner owner = owners.find(ApiKeyTokens.hash(key))
                .orElseThrow(() -> ApiException.unauthorized("the API key is not valid"));
        if (owner.revokedAt() != null) {
            throw ApiException.unauthorized("the API key has been revoked");
        }
        if (owner.expiresAt() <= clock.millis()) {
            throw ApiException.unauthorized("the API key has expired");
        }
        if (owner.subscription() == SubscriptionStatus.CANCELED) {
            throw new ApiException(402, "ACCOUNT_CANCELED", "the tenant's subscription is canceled");
        }
        return new Caller(owner.tenantId(), owner.userId(), owner.email(), owner.role(), owner.plan(), owner.keyId());
    }

    public static Caller caller(ServerRequest request) {
        return request.context().get(Caller.class)
                .orElseThrow(() -> new IllegalStateException("no caller: route outside the authenticated /v1 tree"));
    }
}
