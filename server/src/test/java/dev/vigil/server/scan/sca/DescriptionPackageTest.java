package dev.vigil.server.scan.sca;

import dev.vigil.model.Severity;
import dev.vigil.server.decisions.ScaPackage;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** Decisions and VEX read an SCA finding's package from its description: this holds the two together. */
class DescriptionPackageTest {

    @Test
    void thePackageOfEveryEcosystemReadsBackFromTheDescriptionItWrites() {
        for (Ecosystem ecosystem : Ecosystem.values()) {
            String name = ecosystem == Ecosystem.MAVEN ? "org.acme:lib" : "@scope/some-lib";
            Dependency dependency = new Dependency(ecosystem, name, "1.2.3-rc.1+build", "lock", 3, true, false);
            Match match = new Match(dependency, "GHSA-aaaa-bbbb-cccc", List.of("CVE-2099-1"), "Bad (really)",
                    Severity.HIGH, "CWE-79", Optional.of("2.0.0"), Optional.empty(), true);

            String description = ScaScanner.detection(match).description();

            assertThat(ScaPackage.ofDescription(description)).as(description)
                    .contains(new ScaPackage(ecosystem, name, "1.2.3-rc.1+build"));
        }
    }
}
