package dev.vigil.server.store;

import dev.vigil.model.Plan;
import dev.vigil.model.Project;
import dev.vigil.model.Role;
import dev.vigil.model.SubscriptionStatus;
import dev.vigil.model.Tenant;
import dev.vigil.model.User;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** A page's project names and assignee emails, read once per id and then kept. */
class DisplayNamesTest {

    @TempDir
    Path dataDir;

    private Database database;
    private final UUID tenantId = UUID.randomUUID();
    private final DisplayNames names = new DisplayNames();

    @BeforeEach
    void open() {
        database = Database.open(Dialect.hsqldbFileUrl(dataDir), Optional.empty(), "", 2);
        database.run(c -> new TenantRepository().insert(c,
                new Tenant(tenantId, "acme", Plan.TEAM, SubscriptionStatus.ACTIVE, Instant.now())));
    }

    @AfterEach
    void close() {
        database.close();
    }

    @Test
    void eachIdGetsItsOwnName() {
        Project api = project("api");
        Project web = project("web");
        User ana = user("ana@example.com");
        User bo = user("bo@example.com");

        assertThat(projectName(api.id())).isEqualTo("api");
        assertThat(projectName(web.id())).isEqualTo("web");
        assertThat(email(ana.id())).isEqualTo("ana@example.com");
        assertThat(email(bo.id())).isEqualTo("bo@example.com");
        assertThat(projectName(api.id())).isEqualTo("api");
    }

    @Test
    void aNameReadOnceIsKeptWithoutReadingTheDatabaseAgain() {
        Project api = project("api");
        assertThat(projectName(api.id())).isEqualTo("api");

        database.run(c -> Sql.update(c, "DELETE FROM projects WHERE id = ?", api.id()));

        assertThat(projectName(api.id())).isEqualTo("api");
    }

    @Test
    void anUnknownIdIsNullAndNotKept() {
        UUID later = UUID.randomUUID();
        assertThat(email(later)).isNull();

        User late = new User(later, "late@example.com", Role.MEMBER);
        database.run(c -> new UserRepository().insert(c, tenantId, late, 0));

        assertThat(email(later)).isEqualTo("late@example.com");
    }

    private String projectName(UUID id) {
        return database.<String>read(c -> names.project(c, id));
    }

    private String email(UUID id) {
        return database.<String>read(c -> names.user(c, id));
    }

    private Project project(String name) {
        Project project = new Project(UUID.randomUUID(), name, "main", Instant.now());
        database.run(c -> new ProjectRepository().insert(c, tenantId, project));
        return project;
    }

    private User user(String email) {
        User user = new User(UUID.randomUUID(), email, Role.MEMBER);
        database.run(c -> new UserRepository().insert(c, tenantId, user, 0));
        return user;
    }
}
