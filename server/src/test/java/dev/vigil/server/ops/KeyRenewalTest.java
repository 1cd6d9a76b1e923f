package dev.vigil.server.ops;

import dev.vigil.client.SystemClient;
import dev.vigil.client.VigilApiException;
import dev.vigil.client.VigilClient;
import dev.vigil.model.CreatedApiKey;
import dev.vigil.model.KeyRenewal;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.Role;
import dev.vigil.model.User;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code POST /system/api-keys/renew}: access back to the same tenant, for the same user, by the system token. */
@VigilServerTest
class KeyRenewalTest {

    private static TestServer server;

    @Test
    void aRevokedKeysUserGetsANewKeyInTheSameTenant() {
        TestServer.Tenant tenant = server.tenant();
        Project project = tenant.owner().createProject(new NewProject("kept", "main"));
        CreatedApiKey old = tenant.owner().createApiKey(new NewApiKey("dashboard",
                LocalDate.now(ZoneOffset.UTC).plusDays(30).toString(), null));
        User me = server.client(old.key()).me();
        tenant.owner().revokeApiKey(old.id());

        CreatedApiKey renewed = server.system().renewApiKey(new KeyRenewal(old.key(), "Vigil dashboard"));

        VigilClient client = server.client(renewed.key());
        assertThat(client.me()).isEqualTo(me);
        assertThat(client.me().role()).isEqualTo(Role.OWNER);
        assertThat(client.allProjects().map(Project::id)).contains(project.id());
        assertThat(renewed.name()).isEqualTo("Vigil dashboard");
        assertThat(renewed.userId()).isEqualTo(me.id());
        assertThat(Duration.between(Instant.now(), renewed.expiresAt())).isBetween(Duration.ofDays(363),
                Duration.ofDays(364));
        assertThatThrownBy(() -> server.client(old.key()).me()).isInstanceOfSatisfying(VigilApiException.class,
                e -> assertThat(e.status()).isEqualTo(401));
    }

    @Test
    void aKeyTheServerNeverIssuedIs404AndTheSystemTokenIsRequired() {
        assertThatThrownBy(() -> server.system().renewApiKey(new KeyRenewal("vgl_live_" + "x".repeat(40), null)))
                .isInstanceOfSatisfying(VigilApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(404);
                    assertThat(e.code()).isEqualTo("NOT_FOUND");
                });
        TestServer.Tenant tenant = server.tenant();
        try (SystemClient wrong = SystemClient.of(server.server().uri(), tenant.ownerKey())) {
            assertThatThrownBy(() -> wrong.renewApiKey(new KeyRenewal(tenant.ownerKey(), "x")))
                    .isInstanceOfSatisfying(VigilApiException.class, e -> assertThat(e.status()).isEqualTo(401));
        }
    }

    @Test
    void aMissingKeyIsAValidationFailure() {
        assertThatThrownBy(() -> server.system().renewApiKey(new KeyRenewal(null, "x")))
                .isInstanceOfSatisfying(VigilApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.code()).isEqualTo("VALIDATION_FAILED");
                });
    }
}
