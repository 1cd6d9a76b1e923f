package dev.vigil.desktop.findings;

import dev.vigil.client.VigilClient;
import dev.vigil.desktop.connection.Connector;
import dev.vigil.desktop.connection.DesktopPaths;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewProject;
import dev.vigil.model.NewUser;
import dev.vigil.model.Project;
import dev.vigil.model.Role;
import dev.vigil.model.User;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.TestServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.UUID;

/** A tenant of a real in-process server with seeded findings, and sessions connected to it by key. */
record SeededTenant(TestServer server, TestServer.Tenant tenant, Project project) {

    static SeededTenant with(TestServer server, int findings) {
        TestServer.Tenant tenant = server.tenant();
        Project project = tenant.owner().createProject(new NewProject("payments", "main"));
        new FindingSeeder(server.server().database(), 42).seed(tenant.id(), project.id(), findings, System.currentTimeMillis());
        return new SeededTenant(server, tenant, project);
    }

    VigilClient owner() {
        return tenant.owner();
    }

    String ownerKey() {
        return keyFor(tenant.ownerId());
    }

    /** A new user with {@code role} and a key acting for them. */
    String keyWith(Role role) {
        User user = owner().createUser(new NewUser(role.wire() + "-" + UUID.randomUUID() + "@example.com", role));
        return keyFor(user.id());
    }

    /** A session on {@code tasks}, connected (asynchronously with a UI executor) with {@code key}. */
    Session session(TaskExecutor tasks, String key) {
        Session session = new Session(connector(), tasks);
        connect(session, key);
        return session;
    }

    void connect(Session session, String key) {
        session.useRemote(server.server().uri(), key, () -> { }, problem -> {
            throw new AssertionError(problem);
        });
    }

    private String keyFor(UUID userId) {
        return owner().createApiKey(new NewApiKey("desktop", LocalDate.now().plusDays(30).toString(), userId)).key();
    }

    private static Connector connector() {
        try {
            Path home = Files.createTempDirectory("vigil-findings");
            DesktopPaths paths = DesktopPaths.under(home);
            return new Connector(paths);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
