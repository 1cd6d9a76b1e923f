package dev.vigil.desktop.connection;

import dev.vigil.client.VigilApiException;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.Role;
import dev.vigil.server.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConnectorTest {

    @TempDir
    Path home;

    private Connector connector() {
        DesktopPaths paths = DesktopPaths.under(home);
        return new Connector(paths);
    }

    @Test
    void firstLocalStartCreatesATenantWhoseOwnerKeyIsKept() {
        Connector connector = connector();
        try (Connection local = connector.openLocal()) {
            assertThat(local.isLocal()).isTrue();
            assertThat(local.role()).isEqualTo(Role.OWNER);
            assertThat(local.client().baseUri().getHost()).isEqualTo("127.0.0.1");
            assertThat(connector.store().load().localApiKey()).isPresent();
        }
    }

    @Test
    void laterLocalStartsReuseTheSameOwner() {
        Connector connector = connector();
        UUID first;
        try (Connection local = connector.openLocal()) {
            first = local.user().id();
        }
        try (Connection again = connector.openLocal()) {
            assertThat(again.user().id()).isEqualTo(first);
        }
    }

    @Test
    void aSavedKeyTheLocalServerNeverIssuedIsRefusedAndOnlyRenewalStartsAFirstTenant() {
        Connector connector = connector();
        String foreign = "vgl_live_" + "Q".repeat(40);
        connector.store().save(DesktopSettings.initial().withLocalApiKey(foreign));

        assertThatThrownBy(connector::openLocal).isInstanceOf(KeyRefused.class)
                .hasMessageStartingWith("The local server refused this app's key (the API key is not valid).");
        assertThat(connector.store().load().localApiKey()).contains(foreign);

        try (Connection renewed = connector.renewLocalKey()) {
            assertThat(renewed.role()).isEqualTo(Role.OWNER);
            assertThat(connector.store().load().localApiKey()).get().isNotEqualTo(foreign);
        }
    }

    @Test
    void checksARemoteKeyWithTheServer() {
        try (TestServer server = TestServer.start()) {
            TestServer.Tenant tenant = server.tenant();
            try (Connection remote = connector().checkRemote(server.server().uri(),
                    ownerKey(tenant))) {
                assertThat(remote.isLocal()).isFalse();
                assertThat(remote.user().id()).isEqualTo(tenant.ownerId());
            }
            assertThatThrownBy(() -> connector().checkRemote(server.server().uri(), "vgl_not_a_key"))
                    .isInstanceOf(VigilApiException.class)
                    .satisfies(e -> assertThat(((VigilApiException) e).status()).isEqualTo(401));
        }
    }

    private static String ownerKey(TestServer.Tenant tenant) {
        return tenant.owner().createApiKey(new NewApiKey("desktop", LocalDate.now().plusDays(30).toString(),
                tenant.ownerId())).key();
    }

    @Test
    void unreachableRemoteIsDescribedPlainly() {
        assertThatThrownBy(() -> connector().checkRemote(URI.create("http://127.0.0.1:9"), "vgl_key"))
                .satisfies(e -> assertThat(ServerErrors.describe(e)).startsWith("Cannot reach the server"));
    }
}
