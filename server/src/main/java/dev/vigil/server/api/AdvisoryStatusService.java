package dev.vigil.server.api;

import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.http.Authentication;
import dev.vigil.server.http.JsonIo;
import dev.vigil.server.scan.sca.ImportStatus;
import dev.vigil.server.store.Database;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.List;

/** {@code /v1/advisories}: which ecosystems have advisory data and how fresh it is; any authenticated role. */
public final class AdvisoryStatusService implements HttpService {

    private final Database database;
    private final AdvisoryRepository repository;

    public AdvisoryStatusService(Database database, AdvisoryRepository repository) {
        this.database = database;
        this.repository = repository;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/status", this::advisoryStatus);
    }

    private void advisoryStatus(ServerRequest request, ServerResponse response) {
        Authentication.caller(request);
        List<ImportStatus.View> ecosystems = database.inTransaction(repository::statuses).stream()
                .map(ImportStatus::view).toList();
        JsonIo.ok(response, new StatusBody(ecosystems));
    }

    /** The body of {@code GET /v1/advisories/status}. */
    public record StatusBody(List<ImportStatus.View> ecosystems) {

        public StatusBody {
            ecosystems = List.copyOf(ecosystems);
        }
    }
}
