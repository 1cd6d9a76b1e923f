package dev.vigil.server.decisions;

import dev.vigil.server.scan.sca.Ecosystem;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ScopePartsTest {

    private static boolean inRange(String range, Ecosystem ecosystem, String name, String version) {
        return PackageRange.parse(range).orElseThrow().matches(new ScaPackage(ecosystem, name, version));
    }

    @Test
    void packageRangesCompareVersionsInTheEcosystemsOrder() {
        assertThat(inRange("pkg:npm/lodash@<4.17.21", Ecosystem.NPM, "lodash", "4.17.15")).isTrue();
        assertThat(inRange("pkg:npm/lodash@<4.17.21", Ecosystem.NPM, "lodash", "4.17.21")).isFalse();
        assertThat(inRange("pkg:npm/lodash@4.17.15", Ecosystem.NPM, "lodash", "4.17.15")).isTrue();
        assertThat(inRange("pkg:npm/lodash", Ecosystem.NPM, "lodash", "1.0.0")).isTrue();
        assertThat(inRange("pkg:npm/lodash", Ecosystem.NPM, "lodash-es", "1.0.0")).isFalse();
        assertThat(inRange("pkg:maven/org.acme/lib@>=1.0,<2.0", Ecosystem.MAVEN, "org.acme:lib", "1.10")).isTrue();
        assertThat(inRange("pkg:maven/org.acme/lib@>=1.0,<2.0", Ecosystem.MAVEN, "org.acme:lib", "2.0")).isFalse();
        assertThat(inRange("pkg:npm/%40babel/core@<7.1.0", Ecosystem.NPM, "@babel/core", "7.0.0")).isTrue();
        assertThat(inRange("pkg:pypi/Django@<3.2.5", Ecosystem.PYPI, "django", "3.2.4")).isTrue();
        assertThat(inRange("pkg:npm/lodash@<4.17.21", Ecosystem.PYPI, "lodash", "1.0.0")).isFalse();
    }

    @Test
    void refusesWhatIsNoPackageUrlOfAKnownEcosystem() {
        assertThat(PackageRange.parse("lodash")).isEmpty();
        assertThat(PackageRange.parse("pkg:unknown/x@1")).isEmpty();
        assertThat(PackageRange.parse("pkg:npm/lodash@<<1")).isEmpty();
        assertThat(PackageRange.parse("pkg:npm/")).isEmpty();
        assertThat(PackageRange.parse("pkg:npm/a@%zz")).isEmpty();
    }

    @Test
    void globsMatchAcrossDirectoriesOnlyWithTwoStars() {
        assertThat(PathGlob.parse("legacy/**").orElseThrow().matches("legacy/a/b/main.tf")).isTrue();
        assertThat(PathGlob.parse("legacy/*").orElseThrow().matches("legacy/a/main.tf")).isFalse();
        assertThat(PathGlob.parse("*.test.tf").orElseThrow().matches("deep/dir/x.test.tf")).isTrue();
        assertThat(PathGlob.parse("src/**/*.js").orElseThrow().matches("src/app.js")).isTrue();
        assertThat(PathGlob.parse("src/**/*.js").orElseThrow().matches("lib/src/app.js")).isFalse();
        assertThat(PathGlob.parse("a?c.txt").orElseThrow().matches("abc.txt")).isTrue();
        assertThat(PathGlob.parse("src/[ab].js")).isEmpty();
    }

    @Test
    void readsThePackageBackFromTheDescriptionTheScaEngineWrites() {
        var description = "vigil-left-pad 1.0.0 (npm) is affected by GHSA-x: Test. Fixed in 2.0.0.";

        assertThat(ScaPackage.ofDescription(description))
                .contains(new ScaPackage(Ecosystem.NPM, "vigil-left-pad", "1.0.0"));
        assertThat(ScaPackage.ofDescription("org.acme:lib 1.0 (Maven) is affected by CVE-1: t").orElseThrow().purl())
                .isEqualTo("pkg:maven/org.acme/lib@1.0");
        assertThat(ScaPackage.ofDescription("a secret in a file")).isEmpty();
    }
}
