package dev.vigil.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.model.Project;
import dev.vigil.model.Role;
import dev.vigil.server.access.Caller;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.Authentication;
import dev.vigil.server.http.BodyReader;
import dev.vigil.server.http.Cursor;
import dev.vigil.server.http.Idempotency;
import dev.vigil.server.http.JsonIo;
import dev.vigil.server.http.Paging;
import dev.vigil.server.http.QueryReader;
import dev.vigil.server.scan.Fingerprints;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.ProjectRepository;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/** {@code /v1/projects}: create (Admin/Owner), list and read the tenant's projects. */
public final class ProjectService implements HttpService {

    private static final String ROUTE = "POST /v1/projects";

    private final Database database;
    private final ProjectRepository projects;
    private final Idempotency idempotency;
    private final Clock clock;

    public ProjectService(Database database, ProjectRepository projects, Idempotency idempotency, Clock clock) {
        this.database = database;
        this.projects = projects;
        this.idempotency = idempotency;
        this.clock = clock;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", this::listProjects)
                .post("/", this::createProject)
                .get("/{id}", this::getProject);
    }

    private void createProject(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        caller.requireRole(Role.ADMIN, "creating a project");
        JsonNode body = JsonIo.readObject(request);
        BodyReader fields = new BodyReader(body);
        String name = fields.requiredText("name", 200);
        String branch = fields.optionalText("default_branch", 255).orElse(null);
        fields.validate();
        var outcome = idempotency.execute(caller, ROUTE, Idempotency.key(request),
                Fingerprints.sha256Hex(body.toString()), () -> create(caller, name, branch));
        JsonIo.send(response, outcome);
    }

    private Idempotency.Outcome create(Caller caller, String name, String branch) {
        Project project = new Project(UUID.randomUUID(), name, branch,
                Instant.ofEpochMilli(clock.millis()).truncatedTo(ChronoUnit.MILLIS));
        database.run(c -> {
            if (projects.nameTaken(c, caller.tenantId(), name)) {
                throw ApiException.validation("name", "a project with this name exists already");
            }
            projects.insert(c, caller.tenantId(), project);
        });
        return new Idempotency.Outcome(201, JsonIo.text(project), false);
    }

    private void listProjects(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        QueryReader query = new QueryReader(request.query());
        int limit = query.limit();
        String after = query.cursor().map(c -> Cursor.decode(c, "projects", 1).getFirst()).orElse(null);
        var rows = database.read(c -> projects.page(c, caller.tenantId(), after, limit));
        JsonIo.ok(response, Paging.page(rows, limit, "projects", p -> new String[]{p.name()}));
    }

    private void getProject(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        UUID id = PathIds.id(request, "project");
        Project project = database.read(c -> projects.find(c, caller.tenantId(), id))
                .orElseThrow(() -> ApiException.notFound("project"));
        JsonIo.ok(response, project);
    }
}
