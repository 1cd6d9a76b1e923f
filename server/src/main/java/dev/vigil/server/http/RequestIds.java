package dev.vigil.server.http;

import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;
import io.helidon.webserver.http.ServerRequest;

import java.util.UUID;

/** Gives every request an X-Request-ID (the client's own UUID is kept) and echoes it on the response. */
public final class RequestIds implements Filter {

    public static final HeaderName HEADER = HeaderNames.create("X-Request-ID");
    private static final String CONTEXT_KEY = "vigil.request-id";

    @Override
    public void filter(FilterChain chain, RoutingRequest request, RoutingResponse response) {
        String id = request.headers().first(HEADER).flatMap(Uuids::parse).map(UUID::toString)
                .orElseGet(() -> UUID.randomUUID().toString());
        request.context().register(CONTEXT_KEY, id);
        response.header(HEADER, id);
        chain.proceed();
    }

    public static String of(ServerRequest request) {
        return request.context().get(CONTEXT_KEY, String.class).orElseGet(() -> UUID.randomUUID().toString());
    }
}
