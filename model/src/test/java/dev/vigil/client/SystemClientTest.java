package dev.vigil.client;

import dev.vigil.client.RecordingServer.Recorded;
import dev.vigil.model.CreatedTenant;
import dev.vigil.model.NewTenant;
import dev.vigil.model.Plan;
import dev.vigil.model.SubscriptionChange;
import dev.vigil.model.SubscriptionStatus;
import dev.vigil.model.Tenant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class SystemClientTest {

    private static final String TOKEN = "sys_0123456789abcdef";
    private static final UUID TENANT_ID = UUID.fromString("33333333-4444-4555-8666-777777777777");
    private static final String TENANT = """
            {"id": "%s", "name": "Acme", "plan": "team", "status": "canceled", "created_at": "2025-01-01T00:00:00Z"}"""
            .formatted(TENANT_ID);

    private final RecordingServer server = RecordingServer.start();
    private final SystemClient client = SystemClient.of(server.uri(), TOKEN);

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Test
    void createsATenantWithTheSystemToken() {
        server.answer(201, """
                {"tenant_id": "%s", "owner_user_id": "%s", "api_key": "vgl_live_first"}"""
                .formatted(TENANT_ID, Fixtures.USER_ID));

        CreatedTenant created = client.createTenant(new NewTenant("Acme", "owner@acme.test", Plan.ENTERPRISE));

        Recorded request = server.single();
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/system/tenants");
        assertThat(request.header("Authorization")).isEqualTo("Bearer " + TOKEN);
        assertThat(request.text()).isEqualTo("{\"name\":\"Acme\",\"owner_email\":\"owner@acme.test\",\"plan\":\"enterprise\"}");
        assertThat(created).isEqualTo(new CreatedTenant(TENANT_ID, Fixtures.USER_ID, "vgl_live_first"));
    }

    @Test
    void setsTheSubscriptionWithPut() {
        server.answer(200, TENANT);

        Tenant tenant = client.setSubscription(TENANT_ID, new SubscriptionChange(null, SubscriptionStatus.CANCELED));

        Recorded request = server.single();
        assertThat(request.method()).isEqualTo("PUT");
        assertThat(request.path()).isEqualTo("/system/tenants/" + TENANT_ID + "/subscription");
        assertThat(request.json().path("status").asText()).isEqualTo("canceled");
        assertThat(tenant).isEqualTo(new Tenant(TENANT_ID, "Acme", Plan.TEAM, SubscriptionStatus.CANCELED,
                Instant.parse("2025-01-01T00:00:00Z")));
    }

    @Test
    void fetchesATenantAndReportsAnUnknownOne() {
        server.answer(200, TENANT).answer(404, Fixtures.error("NOT_FOUND", "no such tenant"));

        assertThat(client.getTenant(TENANT_ID).name()).isEqualTo("Acme");
        VigilApiException e = catchThrowableOfType(VigilApiException.class, () -> client.getTenant(UUID.randomUUID()));

        assertThat(server.requests().getFirst().path()).isEqualTo("/system/tenants/" + TENANT_ID);
        assertThat(e.status()).isEqualTo(404);
        assertThat(e.code()).isEqualTo("NOT_FOUND");
    }
}
