package dev.vigil.server.api;

import dev.vigil.client.VigilApiException;
import dev.vigil.client.VigilClient;
import dev.vigil.model.ApiKey;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewProject;
import dev.vigil.model.NewUser;
import dev.vigil.model.Project;
import dev.vigil.model.Role;
import dev.vigil.model.User;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Projects, users and API keys. */
@VigilServerTest
class AccountsTest {

    private static TestServer server;
    private static TestServer.Tenant tenant;

    private static void assertRefused(Runnable call, int status, String code) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(VigilApiException.class, e -> {
            assertThat(e.status()).isEqualTo(status);
            assertThat(e.code()).isEqualTo(code);
        });
    }

    private static String inDays(int days) {
        return LocalDate.now(ZoneOffset.UTC).plusDays(days).toString();
    }

    @Test
    void createsListsAndReadsProjects() {
        Project created = tenant.owner().createProject(new NewProject("payments-api", "main"));

        assertThat(created.name()).isEqualTo("payments-api");
        assertThat(created.defaultBranch()).isEqualTo("main");
        assertThat(tenant.owner().getProject(created.id())).isEqualTo(created);
        List<Project> all = new ArrayList<>();
        String cursor = null;
        do {
            var page = tenant.owner().listProjects(1, cursor);
            all.addAll(page.data());
            cursor = page.nextCursor();
        } while (cursor != null);
        assertThat(all).extracting(Project::id).contains(created.id());
    }

    @Test
    void refusesProjectWithoutNameOrWithATakenOne() {
        tenant.owner().createProject(new NewProject("taken", null));

        assertRefused(() -> tenant.owner().createProject(new NewProject(null, null)), 400, "VALIDATION_FAILED");
        assertRefused(() -> tenant.owner().createProject(new NewProject("  ", null)), 400, "VALIDATION_FAILED");
        assertRefused(() -> tenant.owner().createProject(new NewProject("taken", null)), 400, "VALIDATION_FAILED");
    }

    @Test
    void concurrentCreationsOfOneProjectNameCreateOneAndAnswerTheOthersAsConflicts() throws Exception {
        for (int round = 0; round < 10; round++) {
            String name = "raced-" + round;
            List<Integer> statuses = concurrently(() -> tenant.owner().createProject(new NewProject(name, null)));

            assertThat(statuses).containsOnlyOnce(201).isSubsetOf(201, 400, 409);
        }
    }

    @Test
    void concurrentCreationsOfOneUserEmailCreateOneAndAnswerTheOthersAsConflicts() throws Exception {
        for (int round = 0; round < 10; round++) {
            String email = "raced-" + round + "@example.com";
            List<Integer> statuses = concurrently(() -> tenant.owner().createUser(new NewUser(email, Role.MEMBER)));

            assertThat(statuses).containsOnlyOnce(201).isSubsetOf(201, 400, 409);
        }
    }

    /** The statuses of eight calls released at once: 201, or the refusal's status with its error code checked. */
    private static List<Integer> concurrently(Runnable create) throws Exception {
        int calls = 8;
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Integer>> results = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(calls)) {
            for (int i = 0; i < calls; i++) {
                results.add(pool.submit(() -> {
                    start.await();
                    try {
                        create.run();
                        return 201;
                    } catch (VigilApiException e) {
                        assertThat(e.code()).isEqualTo(e.status() == 409 ? "ALREADY_EXISTS" : "VALIDATION_FAILED");
                        return e.status();
                    }
                }));
            }
            start.countDown();
        }
        List<Integer> statuses = new ArrayList<>();
        for (Future<Integer> result : results) {
            statuses.add(result.get());
        }
        return statuses;
    }

    @Test
    void membersCannotCreateProjects() {
        VigilClient member = tenant.userWith(Role.MEMBER);

        assertRefused(() -> member.createProject(new NewProject("nope", null)), 403, "INSUFFICIENT_ROLE");
    }

    @Test
    void validationErrorsNameEveryField() {
        var response = tenant.owner().send("POST", "/v1/users", Map.of("Content-Type", "application/json"),
                "{\"email\":\"not-an-email\",\"role\":\"superuser\"}".getBytes());

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error().details()).extracting(p -> p.field()).containsExactlyInAnyOrder("email", "role");
    }

    @Test
    void refusesBodiesThatAreNotJsonObjects() {
        var array = tenant.owner().send("POST", "/v1/projects", Map.of("Content-Type", "application/json"), "[]".getBytes());
        var xml = tenant.owner().send("POST", "/v1/projects", Map.of("Content-Type", "application/xml"), "<a/>".getBytes());

        assertThat(array.status()).isEqualTo(400);
        assertThat(xml.status()).isEqualTo(415);
        assertThat(xml.error().error()).isEqualTo("UNSUPPORTED_MEDIA_TYPE");
    }

    @Test
    void adminsAddUsersButNoOwners() {
        VigilClient admin = tenant.userWith(Role.ADMIN);

        User member = admin.createUser(new NewUser("dev-" + UUID.randomUUID() + "@example.com", Role.MEMBER));

        assertThat(member.role()).isEqualTo(Role.MEMBER);
        assertRefused(() -> admin.createUser(new NewUser("boss@example.com", Role.OWNER)), 403, "INSUFFICIENT_ROLE");
        assertRefused(() -> admin.createUser(new NewUser(member.email(), Role.MEMBER)), 400, "VALIDATION_FAILED");
        assertThat(admin.listUsers(100, null).data()).extracting(User::id).contains(member.id());
    }

    @Test
    void rolesAreAcceptedInAnyCase() {
        var response = tenant.owner().send("POST", "/v1/users", Map.of("Content-Type", "application/json"),
                ("{\"email\":\"case-" + UUID.randomUUID() + "@example.com\",\"role\":\"ADMIN\"}").getBytes());

        assertThat(response.status()).isEqualTo(201);
        assertThat(response.json().get("role").asText()).isEqualTo("admin");
    }

    @Test
    void keyIsShownOnceAndListedWithoutItsValue() {
        var created = tenant.owner().createApiKey(new NewApiKey("ci", inDays(90), null));

        assertThat(created.key()).startsWith("vgl_live_").hasSize("vgl_live_".length() + 40);
        List<ApiKey> listed = tenant.owner().listApiKeys(100, null).data();
        assertThat(listed).extracting(ApiKey::id).contains(created.id());
        var raw = tenant.owner().send("GET", "/v1/api-keys?limit=100", Map.of(), null);
        assertThat(raw.text()).doesNotContain(created.key());
        assertThat(server.client(created.key()).me().role()).isEqualTo(Role.OWNER);
    }

    @Test
    void keyExpiryIsRequiredInTheFutureAndAtMostAYearAhead() {
        for (String expiry : List.of(inDays(-1), inDays(0).substring(0, 4), inDays(367), "soon")) {
            assertRefused(() -> tenant.owner().createApiKey(new NewApiKey("bad", expiry, null)), 400, "VALIDATION_FAILED");
        }
        assertRefused(() -> tenant.owner().createApiKey(new NewApiKey("bad", null, null)), 400, "VALIDATION_FAILED");
        assertThat(tenant.owner().createApiKey(new NewApiKey("year", inDays(365), null)).expiresAt()).isNotNull();
    }

    @Test
    void adminsCannotMintKeysForOwnersAndMembersCannotManageKeys() {
        VigilClient admin = tenant.userWith(Role.ADMIN);
        VigilClient member = tenant.userWith(Role.MEMBER);

        assertRefused(() -> admin.createApiKey(new NewApiKey("x", inDays(5), tenant.ownerId())), 403, "INSUFFICIENT_ROLE");
        assertRefused(() -> member.createApiKey(new NewApiKey("x", inDays(5), null)), 403, "INSUFFICIENT_ROLE");
        assertRefused(() -> member.listApiKeys(null, null), 403, "INSUFFICIENT_ROLE");
    }

    @Test
    void revokingAnUnknownKeyIs404() {
        assertRefused(() -> tenant.owner().revokeApiKey(UUID.randomUUID()), 404, "NOT_FOUND");
    }
}
