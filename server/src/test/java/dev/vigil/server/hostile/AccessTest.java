package dev.vigil.server.hostile;

import dev.vigil.client.RawResponse;
import dev.vigil.client.VigilApiException;
import dev.vigil.client.VigilClient;
import dev.vigil.model.CreatedApiKey;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.Role;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.VigilServer;
import dev.vigil.server.ops.SystemToken;
import dev.vigil.server.pr.TokenCipher;
import dev.vigil.server.testing.MutableClock;
import dev.vigil.server.testing.SetUpServer;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The access boundary misused: keys managed above one's role, keys that live too long, a weak system token. */
@VigilServerTest
class AccessTest {

    /** Six in the morning: a date's end of day lies hours past the same time a year later. */
    private static final MutableClock CLOCK = new MutableClock(Instant.parse("2026-11-26T06:00:00Z"));
    private static TestServer server;
    private static TestServer.Tenant tenant;

    @SetUpServer
    static ServerSettings settings(ServerSettings s) {
        return s.withClock(CLOCK);
    }

    private static String aYearAhead() {
        return OffsetDateTime.ofInstant(CLOCK.instant(), ZoneOffset.UTC).plusYears(1).toInstant().toString();
    }

    @Test
    void shouldNotLetAnAdminRevokeTheOwnersKey() {
        CreatedApiKey ownerKey = tenant.owner().createApiKey(new NewApiKey("owner's CI", "2027-01-01", null));
        VigilClient admin = tenant.userWith(Role.ADMIN);

        RawResponse refused = admin.send("DELETE", "/v1/api-keys/" + ownerKey.id(), Map.of(), null);

        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.error().error()).isEqualTo("INSUFFICIENT_ROLE");
        assertThat(refused.header("X-Request-ID")).isPresent();
        assertThat(server.client(ownerKey.key()).me().role()).isEqualTo(Role.OWNER);
    }

    @Test
    void shouldLetAnAdminRevokeAMembersKey() {
        VigilClient member = tenant.userWith(Role.MEMBER);
        UUID memberKey = tenant.owner().listApiKeys(100, null).data().stream()
                .filter(k -> k.name().equals("member key")).findFirst().orElseThrow().id();

        tenant.userWith(Role.ADMIN).revokeApiKey(memberKey);

        assertThatThrownBy(member::me).isInstanceOfSatisfying(VigilApiException.class,
                e -> assertThat(e.status()).isEqualTo(401));
    }

    @Test
    void shouldRefuseAnExpiryPastOneYearAfterCreation() {
        String justPast = Instant.parse(aYearAhead()).plusMillis(1).toString();
        String dayAfter = LocalDate.ofInstant(Instant.parse(aYearAhead()), ZoneOffset.UTC).plusDays(1).toString();

        for (String expiry : new String[]{justPast, dayAfter}) {
            RawResponse refused = tenant.owner().send("POST", "/v1/api-keys",
                    Map.of("Content-Type", "application/json"),
                    ("{\"name\":\"too long\",\"expires_at\":\"" + expiry + "\"}").getBytes());
            assertThat(refused.status()).as(expiry).isEqualTo(400);
            assertThat(refused.error().message()).as(expiry).contains("expires_at").contains("one year");
        }
    }

    @Test
    void shouldEndAKeyGivenTheDateAYearAheadNoLaterThanAYearAfterCreation() {
        String date = aYearAhead().substring(0, 10);

        CreatedApiKey key = tenant.owner().createApiKey(new NewApiKey("a year", date, null));

        assertThat(key.expiresAt()).isAfter(key.createdAt())
                .isBeforeOrEqualTo(OffsetDateTime.ofInstant(key.createdAt(), ZoneOffset.UTC).plusYears(1).toInstant());
    }

    @Test
    void shouldRefuseToStartOnAnEmptySystemTokenFile() throws Exception {
        Path dataDir = Files.createTempDirectory("vigil-empty-token");
        Files.writeString(dataDir.resolve(SystemToken.FILE), "\n");

        assertThatThrownBy(() -> startAndClose(dataDir, s -> s))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(SystemToken.FILE).hasMessageContaining("is empty");
    }

    @Test
    void shouldRefuseToStartOnAShortConfiguredSystemToken() throws Exception {
        Path dataDir = Files.createTempDirectory("vigil-short-token");

        assertThatThrownBy(() -> startAndClose(dataDir, s -> s.withSystemToken("vgl_sys_short")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("VIGIL_SYSTEM_TOKEN").hasMessageContaining("shorter than 32 characters");
    }

    @Test
    void shouldRefuseToStartOnAnEmptySecretKeyFile() throws Exception {
        Path dataDir = Files.createTempDirectory("vigil-empty-key");
        Files.writeString(dataDir.resolve(TokenCipher.KEY_FILE), "");

        assertThatThrownBy(() -> startAndClose(dataDir, s -> s))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(TokenCipher.KEY_FILE).hasMessageContaining("not 32 bytes");
    }

    @Test
    void shouldCreateTheSystemTokenWholeAndOwnerOnly() throws Exception {
        Path file = server.dataDir().resolve(SystemToken.FILE);

        assertThat(Files.readString(file).strip()).isEqualTo(server.server().systemToken()).hasSize(72);
        assertThat(Files.getPosixFilePermissions(file))
                .isEqualTo(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE));
        try (var leftovers = Files.list(server.dataDir())) {
            assertThat(leftovers.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void shouldRefuseTheSystemApiWithoutTheToken() {
        for (String authorization : new String[]{"", "Bearer ", "Bearer  "}) {
            RawResponse refused = tenant.owner().send("GET", "/system/tenants/" + tenant.id(),
                    Map.of("Authorization", authorization), null);
            assertThat(refused.status()).as(authorization).isEqualTo(401);
            assertThat(refused.header("X-Request-ID")).isPresent();
        }
    }

    private static void startAndClose(Path dataDir, UnaryOperator<ServerSettings> customise) {
        ServerSettings settings = customise.apply(ServerSettings.defaults(dataDir).withPort(0).withWorkers(0)
                .withDatabase("jdbc:hsqldb:mem:vigil-" + UUID.randomUUID()));
        VigilServer.start(settings).close();
    }
}
