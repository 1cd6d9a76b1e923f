package dev.vigil.server.scan.sca.versions;

import dev.vigil.server.scan.sca.Ecosystem;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** A lockfile's version is untrusted: one of 200 KB of components is checked and ordered without an error. */
class HostileVersionsTest {

    private static final String MANY_COMPONENTS = "1" + ".0".repeat(100_000);

    @ParameterizedTest
    @EnumSource(Ecosystem.class)
    void shouldReadAVersionOfAHundredThousandComponents(Ecosystem ecosystem) {
        VersionScheme scheme = VersionScheme.of(ecosystem);

        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            for (String version : new String[] {MANY_COMPONENTS, MANY_COMPONENTS + "x", MANY_COMPONENTS + "-rc.1"}) {
                scheme.isValid(version);
                scheme.canonical(version);
                scheme.compare(version, "1.2.3");
            }
        });
    }
}
