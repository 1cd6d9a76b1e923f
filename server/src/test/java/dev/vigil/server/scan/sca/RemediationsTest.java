package dev.vigil.server.scan.sca;

import dev.vigil.model.Severity;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class RemediationsTest {

    private static final DependencyPath THROUGH_KARMA = DependencyPath.root("shop", "2.0.0").then("karma", "1.7.1");

    @Test
    void upgradesADirectDependencyWithTheCommandOfItsTool() {
        assertThat(Remediations.of(match(npm("package-lock.json", "lodash", true, direct("lodash")), "4.17.12", false)))
                .isEqualTo("Upgrade lodash to 4.17.12 or later: npm install lodash@4.17.12.");
        assertThat(Remediations.of(match(npm("yarn.lock", "lodash", true, direct("lodash")), "4.17.12", false)))
                .isEqualTo("Upgrade lodash to 4.17.12 or later: yarn add lodash@4.17.12.");
        assertThat(Remediations.of(match(npm("pnpm-lock.yaml", "lodash", true, direct("lodash")), "4.17.12", false)))
                .isEqualTo("Upgrade lodash to 4.17.12 or later: pnpm add lodash@4.17.12.");
    }

    @Test
    void pinsATransitiveNpmDependencyWithOverridesAndNamesTheDirectOneThatBringsIt() {
        Dependency lodash = npm("app/package-lock.json", "lodash", false, THROUGH_KARMA.then("lodash", "3.10.1"));

        assertThat(Remediations.of(match(lodash, "4.17.12", true))).isEqualTo("lodash 3.10.1 comes in through"
                + " karma@1.7.1; pin it with npm's overrides in package.json, \"overrides\": {\"lodash\": \"4.17.12\"},"
                + " then run npm install (npm 8.3 or later). 4.17.12 is a new major version: test karma@1.7.1 with it.");
    }

    @Test
    void pinsATransitiveYarnOrPnpmDependencyWithTheirOwnOverride() {
        Dependency yarn = npm("yarn.lock", "lodash", false, THROUGH_KARMA.then("lodash", "3.10.1"));
        Dependency pnpm = npm("pnpm-lock.yaml", "lodash", false, THROUGH_KARMA.then("lodash", "3.10.1"));

        assertThat(Remediations.of(match(yarn, "4.17.12", false))).isEqualTo("lodash 3.10.1 comes in through"
                + " karma@1.7.1; pin it with yarn's resolutions in package.json, \"resolutions\": {\"lodash\":"
                + " \"4.17.12\"}, then run yarn install.");
        assertThat(Remediations.of(match(pnpm, "4.17.12", false))).contains(
                "\"pnpm\": {\"overrides\": {\"lodash\": \"4.17.12\"}}, then run pnpm install.");
    }

    @Test
    void pinsATransitivePythonDependencyWithAConstraintOfItsTool() {
        assertThat(Remediations.of(match(transitive(Ecosystem.PYPI, "requirements.txt", "urllib3"), "1.26.18", false)))
                .isEqualTo("urllib3 1.0.0 is a transitive dependency; pin it with a pip constraint: add"
                        + " urllib3>=1.26.18 to constraints.txt and install with pip install -c constraints.txt.");
        assertThat(Remediations.of(match(transitive(Ecosystem.PYPI, "poetry.lock", "urllib3"), "1.26.18", false)))
                .endsWith("constrain it as a dependency of the project: poetry add \"urllib3>=1.26.18\".");
        assertThat(Remediations.of(match(transitive(Ecosystem.PYPI, "uv.lock", "urllib3"), "1.26.18", false)))
                .endsWith("[tool.uv] constraint-dependencies = [\"urllib3>=1.26.18\"], then run uv lock.");
    }

    @Test
    void pinsATransitiveMavenDependencyInDependencyManagementOrAGradleConstraint() {
        String log4j = "org.apache.logging.log4j:log4j-core";

        assertThat(Remediations.of(match(transitive(Ecosystem.MAVEN, "pom.xml", log4j), "2.17.1", false)))
                .endsWith("pin it in the pom's <dependencyManagement>: <dependency><groupId>org.apache.logging.log4j"
                        + "</groupId><artifactId>log4j-core</artifactId><version>2.17.1</version></dependency>.");
        assertThat(Remediations.of(match(transitive(Ecosystem.MAVEN, "gradle.lockfile", log4j), "2.17.1", false)))
                .contains("constraints { implementation(\"org.apache.logging.log4j:log4j-core:2.17.1\") }");
    }

    @Test
    void pinsTheOtherEcosystemsWithTheirOwnTools() {
        assertThat(Remediations.of(match(transitive(Ecosystem.CRATES_IO, "Cargo.lock", "time"), "0.2.23", false)))
                .contains("cargo update -p time --precise 0.2.23");
        assertThat(Remediations.of(match(transitive(Ecosystem.RUBYGEMS, "Gemfile.lock", "rack"), "2.2.8", false)))
                .contains("gem \"rack\", \">= 2.2.8\"");
        assertThat(Remediations.of(match(transitive(Ecosystem.PACKAGIST, "composer.lock", "guzzlehttp/psr7"), "1.9.1",
                false))).contains("composer require guzzlehttp/psr7:^1.9.1");
        assertThat(Remediations.of(match(transitive(Ecosystem.NUGET, "packages.lock.json", "System.Text.Json"), "8.0.4",
                false))).contains("dotnet add package System.Text.Json --version 8.0.4");
    }

    @Test
    void saysWhatToRemoveWhenNoFixedVersionIsKnown() {
        Dependency lodash = npm("package-lock.json", "lodash", false, THROUGH_KARMA.then("lodash", "3.10.1"));

        assertThat(Remediations.of(match(lodash, null, false)))
                .isEqualTo("No fixed version of lodash is known: remove or replace karma@1.7.1.");
        assertThat(Remediations.of(match(npm("package-lock.json", "lodash", true, direct("lodash")), null, false)))
                .isEqualTo("No fixed version of lodash is known: remove it or replace it.");
    }

    private static DependencyPath direct(String name) {
        return DependencyPath.root("shop", "2.0.0").then(name, "3.10.1");
    }

    private static Dependency npm(String manifest, String name, boolean direct, DependencyPath path) {
        return new Dependency(Ecosystem.NPM, name, "3.10.1", manifest, 1, direct, false, path);
    }

    private static Dependency transitive(Ecosystem ecosystem, String manifest, String name) {
        return new Dependency(ecosystem, name, "1.0.0", manifest, 1, false, false);
    }

    private static Match match(Dependency dependency, String fixed, boolean breaking) {
        Optional<String> version = Optional.ofNullable(fixed);
        return new Match(dependency, "GHSA-test", List.of(), "test advisory", Severity.HIGH, "", version,
                version.map(v -> FixCommands.of(dependency.ecosystem(), dependency.name(), v)), breaking);
    }
}
