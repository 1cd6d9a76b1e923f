package dev.vigil.server.http;

import io.helidon.common.uri.UriPath;
import io.helidon.http.Method;
import io.helidon.http.PathMatcher;
import io.helidon.http.PathMatchers;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * The routes as they were registered, method and path template: a request no route took is answered 405 with
 * {@code Allow} when its path has routes for other methods (else 404), and {@code /metrics} labels a request
 * with its route's template, never its raw path.
 */
public final class Routes {

    private record Route(Method method, String template, PathMatcher matcher) {
    }

    private final List<Route> routes = new CopyOnWriteArrayList<>();
    /** Templates without parameters, looked up without walking the matchers (every request asks, for metrics). */
    private final Set<String> exact = ConcurrentHashMap.newKeySet();

    /** Rules that register into {@code rules} and record every route they register here. */
    public HttpRules recording(HttpRules rules) {
        return new RecordingRules(rules, "", this);
    }

    /** Answers what no route took: 405 with {@code Allow}, or 404. Register it after every other route. */
    public void answerUnmatched(HttpRouting.Builder routing) {
        routing.any(this::unmatched);
    }

    /** The template of the route that {@code path} matches, e.g. {@code /v1/scans/{id}}. */
    public Optional<String> template(String path) {
        String stripped = strip(path);
        if (exact.contains(stripped)) {
            return Optional.of(stripped);
        }
        UriPath uri = UriPath.create(stripped);
        return routes.stream().filter(r -> r.matcher().match(uri).accepted()).map(Route::template).findFirst();
    }

    void record(Method method, String template) {
        String normal = strip(template);
        routes.add(new Route(method, normal, PathMatchers.create(normal)));
        if (!normal.contains("{") && !normal.contains("*")) {
            exact.add(normal);
        }
    }

    private void unmatched(ServerRequest request, ServerResponse response) {
        String path = request.path().path();
        UriPath uri = normalised(path);
        Set<String> allowed = routes.stream().filter(r -> r.matcher().match(uri).accepted())
                .map(r -> r.method().text()).collect(Collectors.toCollection(LinkedHashSet::new));
        String method = request.prologue().method().text();
        if (allowed.isEmpty()) {
            throw ApiException.notFound("route " + method + " " + path);
        }
        String allow = String.join(", ", allowed);
        throw new ApiException(405, "METHOD_NOT_ALLOWED", method + " is not allowed here; allowed: " + allow,
                List.of(), Map.of("Allow", allow));
    }

    private static UriPath normalised(String path) {
        return UriPath.create(strip(path));
    }

    private static String strip(String path) {
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }
}
