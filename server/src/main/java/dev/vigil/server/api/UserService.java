package dev.vigil.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.model.Role;
import dev.vigil.model.User;
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
import dev.vigil.server.store.UserRepository;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.Clock;
import java.util.UUID;
import java.util.regex.Pattern;

/** {@code /v1/users}: the tenant's users; Admins and Owners add users of a role not above their own. */
public final class UserService implements HttpService {

    private static final String ROUTE = "POST /v1/users";
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");

    private final Database database;
    private final UserRepository users;
    private final Idempotency idempotency;
    private final Clock clock;

    public UserService(Database database, UserRepository users, Idempotency idempotency, Clock clock) {
        this.database = database;
        this.users = users;
        this.idempotency = idempotency;
        this.clock = clock;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", this::listUsers)
                .post("/", this::createUser)
                .get("/me", this::me);
    }

    private void createUser(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        caller.requireRole(Role.ADMIN, "adding a user");
        JsonNode body = JsonIo.readObject(request);
        BodyReader fields = new BodyReader(body);
        String email = fields.requiredText("email", 320);
        Role role = fields.requiredEnum("role", Role.class);
        if (email != null && !EMAIL.matcher(email).matches()) {
            fields.addProblem("email", "must be an email address");
        }
        fields.validate();
        if (!caller.role().atLeast(role)) {
            throw ApiException.insufficientRole("you cannot add a user with a role above your own");
        }
        var outcome = idempotency.execute(caller, ROUTE, Idempotency.key(request),
                Fingerprints.sha256Hex(body.toString()), () -> create(caller, email, role));
        JsonIo.send(response, outcome);
    }

    private Idempotency.Outcome create(Caller caller, String email, Role role) {
        User user = new User(UUID.randomUUID(), email, role);
        database.run(c -> {
            if (users.emailTaken(c, caller.tenantId(), email)) {
                throw ApiException.validation("email", "a user with this email exists already");
            }
            users.insert(c, caller.tenantId(), user, clock.millis());
        });
        return new Idempotency.Outcome(201, JsonIo.text(user), false);
    }

    private void listUsers(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        QueryReader query = new QueryReader(request.query());
        int limit = query.limit();
        String after = query.cursor().map(c -> Cursor.decode(c, "users", 1).getFirst()).orElse(null);
        var rows = database.read(c -> users.page(c, caller.tenantId(), after, limit));
        JsonIo.ok(response, Paging.page(rows, limit, "users", u -> new String[]{u.email()}));
    }

    private void me(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        JsonIo.ok(response, new User(caller.userId(), caller.email(), caller.role()));
    }
}
