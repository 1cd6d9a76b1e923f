package dev.vigil.server.scan.sca;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vigil.server.testing.TestData;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The Juice Shop lockfile (old versions) against the whole snapshot, imported once by {@link AdvisoryMatcherTest}. */
class JuiceShopMatchTest {

    @Test
    void findsTheKnownVulnerablePackagesOfTheJuiceShopLockfile() throws IOException {
        AdvisoryMatcherTest.importSnapshot();
        try {
            List<Match> matches = new ArrayList<>();
            lockfile().forEach(d -> matches.addAll(AdvisoryMatcherTest.matcher.match(d)));

            assertThat(matches).anySatisfy(m -> {
                assertThat(m.advisoryId()).isEqualTo("GHSA-c7hr-j4mj-j2w6");
                assertThat(m.dependency().version()).isEqualTo("0.1.0");
                assertThat(m.fixCommand()).contains("npm install jsonwebtoken@4.2.2");
                assertThat(m.breaking()).isTrue();
                assertThat(m.dependency().direct()).isFalse();
            });
            assertThat(matches).anySatisfy(m -> {
                assertThat(m.advisoryId()).isEqualTo("GHSA-jf85-cpcp-j695");
                assertThat(m.dependency().version()).isEqualTo("4.17.10");
            });
            assertThat(matches).noneSatisfy(m -> assertThat(m.dependency().name() + "@" + m.dependency().version()
                    + " " + m.advisoryId()).isEqualTo("lodash@4.17.21 GHSA-jf85-cpcp-j695"));
        } finally {
            AdvisoryMatcherTest.close();
        }
    }

    /** The lockfile's {@code packages} map, read minimally (the real parser lives elsewhere). */
    static List<Dependency> lockfile() throws IOException {
        JsonNode packages = new ObjectMapper().readTree(
                TestData.file("sca/juice-shop-ftp/package-lock.json").toFile()).path("packages");
        List<Dependency> dependencies = new ArrayList<>();
        packages.properties().forEach(entry -> {
            String key = entry.getKey();
            int last = key.lastIndexOf("node_modules/");
            if (last >= 0) {
                dependencies.add(new Dependency(Ecosystem.NPM, key.substring(last + "node_modules/".length()),
                        entry.getValue().path("version").asText("0"), "package-lock.json", 1,
                        last == key.indexOf("node_modules/"), entry.getValue().path("dev").asBoolean()));
            }
        });
        return dependencies;
    }
}
