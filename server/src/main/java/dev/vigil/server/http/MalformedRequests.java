package dev.vigil.server.http;

import dev.vigil.model.ApiError;
import io.helidon.common.parameters.Parameters;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Refuses with 400 what Helidon decodes lazily and would otherwise throw from inside a handler: a query string
 * with a broken percent escape ({@code ?search=abc%}), a Content-Type header that does not parse, and a
 * negative Content-Length.
 */
public final class MalformedRequests implements Filter {

    @Override
    public void filter(FilterChain chain, RoutingRequest request, RoutingResponse response) {
        Optional<ApiException> malformed = problem(request);
        if (malformed.isPresent()) {
            ErrorMapping.refused(request, response, malformed.get());
            return;
        }
        chain.proceed();
    }

    /** A query string whose percent-encoding is broken: Helidon decodes it lazily, throwing. */
    public static Optional<ApiException> queryProblem(Parameters query) {
        try {
            query.toMap();
            return Optional.empty();
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            return Optional.of(new ApiException(400, "MALFORMED_QUERY",
                    "the query string is not valid percent-encoding"));
        }
    }

    private static Optional<ApiException> problem(RoutingRequest request) {
        Optional<ApiException> query = queryProblem(request.query());
        if (query.isPresent()) {
            return query;
        }
        try {
            request.headers().contentType();
        } catch (IllegalArgumentException e) {
            return Optional.of(ApiException.validation("Content-Type", "is not a valid media type"));
        }
        if (request.headers().contentLength().orElse(0) < 0) {
            // Helidon would wait for a body that never ends; the connection cannot be read past it
            return Optional.of(new ApiException(400, "VALIDATION_FAILED", "Content-Length: must not be negative",
                    List.of(new ApiError.FieldProblem("Content-Length", "must not be negative")),
                    Map.of("Connection", "close")));
        }
        return Optional.empty();
    }
}
