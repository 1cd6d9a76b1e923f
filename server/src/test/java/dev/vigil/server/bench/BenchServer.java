package dev.vigil.server.bench;

import dev.vigil.client.SystemClient;
import dev.vigil.client.VigilClient;
import dev.vigil.model.CreatedTenant;
import dev.vigil.model.NewProject;
import dev.vigil.model.NewTenant;
import dev.vigil.model.Plan;
import dev.vigil.model.Project;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.VigilServer;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.Dialect;
import dev.vigil.server.testing.PostgresDatabase;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * A real Vigil node as production runs it: {@link VigilServer#start} over the HSQLDB file database (cached
 * tables) in a temporary data directory, two scan workers, the engines of this build. The directory is
 * deleted on close.
 */
final class BenchServer implements AutoCloseable {

    /** A tenant of the bench: its id, its Owner's id and client. */
    record Tenant(UUID id, UUID ownerId, VigilClient owner, String apiKey) {

        Project project(String name) {
            return owner.createProject(new NewProject(name, "main"));
        }
    }

    private final VigilServer server;
    private final Path dataDir;
    private final Optional<PostgresDatabase> postgres;

    private BenchServer(VigilServer server, Path dataDir, Optional<PostgresDatabase> postgres) {
        this.server = server;
        this.dataDir = dataDir;
        this.postgres = postgres;
    }

    static BenchServer start() {
        return start(false, Optional.empty());
    }

    /**
     * Over a fresh PostgreSQL database ({@code postgres}: see {@link PostgresDatabase} for the server; batched
     * inserts rewritten into multi-row statements, as a deployment would configure it), else over HSQLDB: a
     * copy of the database files in {@code hsqldbFiles} where given (an HSQLDB backup made {@code AS FILES}),
     * else a new database.
     */
    static BenchServer start(boolean postgres, Optional<Path> hsqldbFiles) {
        Logger.getLogger("").setLevel(Level.WARNING);
        try {
            Path dataDir = Files.createTempDirectory("vigil-bench");
            if (hsqldbFiles.isPresent()) {
                copyDatabaseFiles(hsqldbFiles.get(), dataDir.resolve("db"));
            }
            ServerSettings settings = ServerSettings.defaults(dataDir).withPort(0).withWorkers(2)
                    .withDatabase(Dialect.hsqldbFileUrl(dataDir));
            Optional<PostgresDatabase> database = postgres ? Optional.of(PostgresDatabase.create()) : Optional.empty();
            if (database.isPresent()) {
                settings = settings.withDatabase(database.get().url() + "?reWriteBatchedInserts=true")
                        .withCredentials(PostgresDatabase.user(), PostgresDatabase.password());
            }
            return new BenchServer(VigilServer.start(settings), dataDir, database);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    boolean onPostgres() {
        return postgres.isPresent();
    }

    Tenant tenant(String name) {
        try (SystemClient system = SystemClient.of(server.uri(), server.systemToken())) {
            CreatedTenant created = system.createTenant(new NewTenant(name + "-" + UUID.randomUUID(),
                    "owner@bench.example", Plan.TEAM));
            return new Tenant(created.tenantId(), created.ownerUserId(),
                    VigilClient.of(server.uri(), created.apiKey()), created.apiKey());
        }
    }

    VigilServer server() {
        return server;
    }

    Database database() {
        return server.database();
    }

    /**
     * Writes the cached tables to disk and compacts the log, as the server does on close. PostgreSQL: VACUUM
     * ANALYZE, then a CHECKPOINT, so that writing out the seeding's dirty pages does not fall into a measurement.
     */
    void checkpoint() {
        if (postgres.isPresent()) {
            try (Connection c = database().dataSource().getConnection(); Statement statement = c.createStatement()) {
                c.setAutoCommit(true);
                statement.execute("VACUUM ANALYZE");
                statement.execute("CHECKPOINT");
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            return;
        }
        try (Connection c = database().dataSource().getConnection(); Statement statement = c.createStatement()) {
            statement.execute("CHECKPOINT");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Copies the database as files into {@code target} ({@code BACKUP DATABASE … BLOCKING AS FILES}: the
     * server's cached tables written out first, then its files copied while it waits), for {@link #start}.
     */
    void backupAsFiles(Path target) {
        if (postgres.isPresent()) {
            throw new UnsupportedOperationException("a copy of the database files is for HSQLDB");
        }
        try (Connection c = database().dataSource().getConnection(); Statement statement = c.createStatement()) {
            statement.execute("BACKUP DATABASE TO '" + target.toAbsolutePath() + "/' BLOCKING AS FILES");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Bytes of the database files on disk (PostgreSQL: {@code pg_database_size}). */
    long databaseBytes() {
        if (postgres.isPresent()) {
            return database().inTransaction(c -> {
                try (Statement statement = c.createStatement();
                     var row = statement.executeQuery("SELECT pg_database_size(current_database())")) {
                    row.next();
                    return row.getLong(1);
                }
            });
        }
        try (Stream<Path> files = Files.walk(dataDir.resolve("db"))) {
            return files.filter(Files::isRegularFile).mapToLong(BenchServer::size).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        server.close();
        postgres.ifPresent(PostgresDatabase::close);
        try (Stream<Path> files = Files.walk(dataDir)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            System.err.println("cannot delete " + dataDir + ": " + e);
        }
    }

    private static void copyDatabaseFiles(Path source, Path target) throws IOException {
        Files.createDirectories(target);
        try (Stream<Path> files = Files.list(source)) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith("vigil.")).toList()) {
                Files.copy(file, target.resolve(file.getFileName()));
            }
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }
}
