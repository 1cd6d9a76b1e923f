package dev.vigil.server.api;

import dev.vigil.model.FindingTrend;
import dev.vigil.server.access.Caller;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.Authentication;
import dev.vigil.server.http.JsonIo;
import dev.vigil.server.http.QueryReader;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.TrendRepository;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.Clock;
import java.util.Optional;
import java.util.UUID;

/** {@code GET /v1/repo-vulnerabilities/trend}: open findings per day, for the dashboard's overview. Any role. */
public final class TrendService implements HttpService {

    private static final int DEFAULT_DAYS = 30;
    private static final int MAX_DAYS = 365;

    private final Database database;
    private final TrendRepository trends;
    private final Clock clock;

    public TrendService(Database database, TrendRepository trends, Clock clock) {
        this.database = database;
        this.trends = trends;
        this.clock = clock;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", this::findingTrend);
    }

    private void findingTrend(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        QueryReader query = new QueryReader(request.query());
        Optional<UUID> project = query.uuid("project_id");
        int days = days(query);
        FindingTrend trend = database.inTransaction(c -> trends.trend(c, caller.tenantId(), project.orElse(null),
                days, clock.millis()));
        JsonIo.ok(response, trend);
    }

    private static int days(QueryReader query) {
        Optional<String> text = query.text("days");
        if (text.isEmpty()) {
            return DEFAULT_DAYS;
        }
        try {
            int days = Integer.parseInt(text.get());
            if (days >= 1 && days <= MAX_DAYS) {
                return days;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw ApiException.validation("days", "must be an integer from 1 to " + MAX_DAYS);
    }
}
