package dev.vigil.server.http;

import io.helidon.http.Method;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.HttpRoute;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;

import java.util.Arrays;

/** Rules that pass everything on and tell {@link Routes} each method and full path template they register. */
final class RecordingRules implements HttpRules {

    private final HttpRules rules;
    private final String prefix;
    private final Routes routes;

    RecordingRules(HttpRules rules, String prefix, Routes routes) {
        this.rules = rules;
        this.prefix = prefix;
        this.routes = routes;
    }

    @Override
    public HttpRules register(HttpService... services) {
        rules.register(recorded(prefix, services));
        return this;
    }

    @Override
    public HttpRules register(String pathPattern, HttpService... services) {
        rules.register(pathPattern, recorded(prefix + pathPattern, services));
        return this;
    }

    @Override
    public HttpRules route(HttpRoute route) {
        rules.route(route);
        return this;
    }

    @Override
    public HttpRules route(Method method, String pathPattern, Handler handler) {
        routes.record(method, prefix + pathPattern);
        rules.route(method, pathPattern, handler);
        return this;
    }

    private HttpService[] recorded(String servicePrefix, HttpService... services) {
        return Arrays.stream(services).map(service -> recorded(servicePrefix, service)).toArray(HttpService[]::new);
    }

    private HttpService recorded(String servicePrefix, HttpService service) {
        return new HttpService() {
            @Override
            public void routing(HttpRules serviceRules) {
                service.routing(new RecordingRules(serviceRules, servicePrefix, routes));
            }

            @Override
            public void beforeStart() {
                service.beforeStart();
            }

            @Override
            public void afterStop() {
                service.afterStop();
            }
        };
    }
}
