package dev.vigil.server.api;

import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.Uuids;
import io.helidon.webserver.http.ServerRequest;

import java.util.UUID;

/** The {@code {id}} of a path: a malformed id is 404, like an unknown one. */
final class PathIds {

    private PathIds() {
    }

    static UUID id(ServerRequest request, String what) {
        return Uuids.parse(request.path().pathParameters().get("id"))
                .orElseThrow(() -> ApiException.notFound(what));
    }
}
