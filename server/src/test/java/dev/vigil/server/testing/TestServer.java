package dev.vigil.server.testing;

import dev.vigil.client.SystemClient;
import dev.vigil.client.VigilClient;
import dev.vigil.model.CreatedApiKey;
import dev.vigil.model.CreatedTenant;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewTenant;
import dev.vigil.model.NewUser;
import dev.vigil.model.Plan;
import dev.vigil.model.Role;
import dev.vigil.model.User;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.VigilServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;

/**
 * A real Vigil server on a free loopback port over an in-memory HSQLDB, for HTTP tests through the real
 * client. Each instance has its own database: in the PostgreSQL suite ({@code -Dvigil.test.store=postgresql})
 * a fresh PostgreSQL database, dropped when the server closes, unless the test chose a database itself.
 */
public final class TestServer implements AutoCloseable {

    private final VigilServer server;
    private final Path dataDir;
    private final Optional<PostgresDatabase> ownDatabase;

    private TestServer(VigilServer server, Path dataDir, Optional<PostgresDatabase> ownDatabase) {
        this.server = server;
        this.dataDir = dataDir;
        this.ownDatabase = ownDatabase;
    }

    public static TestServer start() {
        return start(s -> s);
    }

    public static TestServer start(UnaryOperator<ServerSettings> customise) {
        return start(customise, VigilServer.Role.API_AND_WORKERS);
    }

    /** A node of the given role ({@code vigil serve} or {@code vigil worker}). */
    public static TestServer start(UnaryOperator<ServerSettings> customise, VigilServer.Role role) {
        try {
            Path dataDir = Files.createTempDirectory("vigil-test");
            String memory = "jdbc:hsqldb:mem:vigil-" + UUID.randomUUID() + ";hsqldb.tx=mvcc";
            ServerSettings settings = customise.apply(ServerSettings.defaults(dataDir)
                    .withPort(0)
                    .withWorkers(2)
                    .withLease(Duration.ofSeconds(5))
                    .withDatabase(memory));
            Optional<PostgresDatabase> own = Optional.empty();
            if (PostgresDatabase.selected() && settings.jdbcUrl().equals(memory)) {
                own = Optional.of(PostgresDatabase.create());
                settings = settings.withDatabase(own.get().url()).withCredentials(PostgresDatabase.user(),
                        PostgresDatabase.password());
            }
            try {
                return new TestServer(VigilServer.start(settings, role), dataDir, own);
            } catch (RuntimeException e) {
                own.ifPresent(PostgresDatabase::close);
                throw e;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A node over an existing PostgreSQL database, as another node of the same deployment would be. */
    public static TestServer onPostgres(PostgresDatabase database, UnaryOperator<ServerSettings> customise) {
        return start(s -> customise.apply(s.withDatabase(database.url())
                .withCredentials(PostgresDatabase.user(), PostgresDatabase.password())));
    }

    public VigilServer server() {
        return server;
    }

    public Path dataDir() {
        return dataDir;
    }

    public SystemClient system() {
        return SystemClient.of(server.uri(), server.systemToken());
    }

    /** A new tenant on {@code plan}; its Owner's client. */
    public Tenant tenant(Plan plan) {
        CreatedTenant created = system().createTenant(new NewTenant("tenant-" + UUID.randomUUID(), "owner@example.com", plan));
        return new Tenant(created.tenantId(), created.ownerUserId(), client(created.apiKey()), created.apiKey());
    }

    public Tenant tenant() {
        return tenant(Plan.TEAM);
    }

    public VigilClient client(String apiKey) {
        return VigilClient.of(server.uri(), apiKey);
    }

    /** A tenant and its Owner's client, with a way to add users of other roles. */
    public record Tenant(UUID id, UUID ownerId, VigilClient owner, String ownerKey) {

        /** The Owner's client against another node of the same database. */
        public VigilClient ownerOn(TestServer node) {
            return node.client(ownerKey);
        }

        /** A new user with {@code role} and a client acting as them. */
        public VigilClient userWith(Role role) {
            User user = owner.createUser(new NewUser(role.wire() + "-" + UUID.randomUUID() + "@example.com", role));
            CreatedApiKey key = owner.createApiKey(new NewApiKey(role.wire() + " key",
                    LocalDate.now().plusDays(30).toString(), user.id()));
            return VigilClient.of(owner.baseUri(), key.key());
        }
    }

    @Override
    public void close() {
        try {
            server.close();
        } finally {
            ownDatabase.ifPresent(PostgresDatabase::close);
        }
    }
}
