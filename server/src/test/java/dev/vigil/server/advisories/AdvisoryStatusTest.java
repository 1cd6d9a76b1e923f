package dev.vigil.server.advisories;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vigil.client.RawResponse;
import dev.vigil.model.Role;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Clock;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@VigilServerTest
class AdvisoryStatusTest {

    static TestServer server;

    @BeforeAll
    static void start() throws IOException {
        var database = server.server().database();
        new AdvisoryImporter(database, new AdvisoryRepository(), Clock.systemUTC()).importZip(new ByteArrayInputStream(
                AdvisoryImportTest.zip("a.json", AdvisoryFixtures.npmRecord("GHSA-aaaa-bbbb-cccc",
                        "2024-05-01T00:00:00Z", "lodash", "0", "4.17.21"))), "npm/all.zip");
    }

    @Test
    void tellsAnyMemberWhichEcosystemsHaveAdvisoriesAndHowFresh() throws IOException {
        RawResponse response = server.tenant().userWith(Role.MEMBER).send("GET", "/v1/advisories/status", Map.of(), null);

        assertThat(response.status()).isEqualTo(200);
        JsonNode npm = new ObjectMapper().readTree(response.body()).path("ecosystems").get(0);
        assertThat(npm.path("ecosystem").asText()).isEqualTo("npm");
        assertThat(npm.path("advisories").asInt()).isEqualTo(1);
        assertThat(npm.path("newest_modified").asText()).isEqualTo("2024-05-01T00:00:00Z");
        assertThat(npm.path("imported_at").asText()).isNotBlank();
        assertThat(npm.path("source").asText()).isEqualTo("npm/all.zip");
    }

    @Test
    void refusesACallerWithoutAKey() {
        RawResponse response = server.tenant().owner().send("GET", "/v1/advisories/status",
                Map.of("Authorization", "Bearer not-a-key"), null);

        assertThat(response.status()).isEqualTo(401);
    }
}
