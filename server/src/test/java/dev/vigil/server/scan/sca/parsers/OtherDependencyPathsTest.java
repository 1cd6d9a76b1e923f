package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.sca.Dependency;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.vigil.server.scan.sca.parsers.Manifests.file;
import static dev.vigil.server.scan.sca.parsers.Manifests.named;
import static dev.vigil.server.scan.sca.parsers.Manifests.parse;
import static org.assertj.core.api.Assertions.assertThat;

/** The chain from the project's root to each package, from the lockfiles of other ecosystems. */
class OtherDependencyPathsTest {

    @Test
    void followsCargoDependenciesFromTheWorkspaceCrate() {
        String lock = """
                version = 3

                [[package]]
                name = "app"
                version = "0.1.0"
                dependencies = [
                 "hyper",
                 "time 0.1.45",
                ]

                [[package]]
                name = "hyper"
                version = "0.14.0"
                source = "registry+https://github.com/rust-lang/crates.io-index"
                dependencies = [
                 "time 0.1.45 (registry+https://github.com/rust-lang/crates.io-index)",
                 "h2",
                ]

                [[package]]
                name = "h2"
                version = "0.3.0"
                source = "registry+https://github.com/rust-lang/crates.io-index"

                [[package]]
                name = "time"
                version = "0.1.45"
                source = "registry+https://github.com/rust-lang/crates.io-index"
                """;

        List<Dependency> found = parse(file("Cargo.lock", lock));

        assertThat(named(found, "h2").path().steps()).containsExactly("app@0.1.0", "hyper@0.14.0", "h2@0.3.0");
        assertThat(named(found, "time").path().steps()).containsExactly("app@0.1.0", "time@0.1.45");
    }

    @Test
    void followsComposerRequiresFromTheComposerJson() {
        String lock = """
                {
                  "packages": [
                    { "name": "guzzlehttp/guzzle", "version": "7.4.0", "require": { "php": ">=7.2", "guzzlehttp/psr7": "^2.1" } },
                    { "name": "guzzlehttp/psr7", "version": "2.1.0" }
                  ],
                  "packages-dev": []
                }
                """;
        String manifest = """
                { "name": "acme/shop", "require": { "guzzlehttp/guzzle": "^7.4" } }
                """;

        List<Dependency> found = parse(file("composer.lock", lock), file("composer.json", manifest));

        assertThat(named(found, "guzzlehttp/psr7").path().steps())
                .containsExactly("acme/shop", "guzzlehttp/guzzle@7.4.0", "guzzlehttp/psr7@2.1.0");
    }

    @Test
    void followsGemSpecsFromTheDependenciesSection() {
        String lock = """
                GEM
                  remote: https://rubygems.org/
                  specs:
                    rack (2.2.3)
                    rails (6.1.0)
                      rack (~> 2.0)

                PLATFORMS
                  ruby

                DEPENDENCIES
                  rails
                """;

        List<Dependency> found = parse(file("Gemfile.lock", lock));

        assertThat(named(found, "rack").path().steps()).containsExactly("(root)", "rails@6.1.0", "rack@2.2.3");
        assertThat(named(found, "rails").path().steps()).containsExactly("(root)", "rails@6.1.0");
    }

    @Test
    void followsPoetryDependenciesFromThePyproject() {
        String lock = """
                [[package]]
                name = "jinja2"
                version = "2.11.2"

                [package.dependencies]
                MarkupSafe = ">=0.23"

                [[package]]
                name = "markupsafe"
                version = "1.1.1"
                """;
        String pyproject = """
                [tool.poetry]
                name = "shop"
                version = "1.0.0"

                [tool.poetry.dependencies]
                python = "^3.8"
                jinja2 = "^2.11"
                """;

        List<Dependency> found = parse(file("poetry.lock", lock), file("pyproject.toml", pyproject));

        assertThat(named(found, "markupsafe").path().steps())
                .containsExactly("shop@1.0.0", "jinja2@2.11.2", "markupsafe@1.1.1");
    }

    @Test
    void followsUvDependenciesFromTheVirtualProject() {
        String lock = """
                version = 1

                [[package]]
                name = "anyio"
                version = "4.4.0"
                source = { registry = "https://pypi.org/simple" }
                dependencies = [
                    { name = "idna" },
                ]

                [[package]]
                name = "demo"
                version = "0.1.0"
                source = { virtual = "." }
                dependencies = [
                    { name = "anyio" },
                ]

                [package.dev-dependencies]
                dev = [
                    { name = "pytest" },
                ]

                [[package]]
                name = "idna"
                version = "3.7"
                source = { registry = "https://pypi.org/simple" }

                [[package]]
                name = "pytest"
                version = "8.2.0"
                source = { registry = "https://pypi.org/simple" }
                """;

        List<Dependency> found = parse(file("uv.lock", lock));

        assertThat(named(found, "idna").path().steps()).containsExactly("demo@0.1.0", "anyio@4.4.0", "idna@3.7");
        assertThat(named(found, "pytest").path().steps()).containsExactly("demo@0.1.0", "pytest@8.2.0");
    }

    @Test
    void followsNugetDependenciesWithinATargetFramework() {
        String lock = """
                {
                  "version": 1,
                  "dependencies": {
                    "net8.0": {
                      "Azure.Core": { "type": "Direct", "requested": "[1.38.0, )", "resolved": "1.38.0",
                                      "dependencies": { "System.Text.Json": "4.7.2" } },
                      "System.Text.Json": { "type": "Transitive", "resolved": "4.7.2" }
                    }
                  }
                }
                """;

        List<Dependency> found = parse(file("packages.lock.json", lock));

        assertThat(named(found, "System.Text.Json").path().steps())
                .containsExactly("(root)", "Azure.Core@1.38.0", "System.Text.Json@4.7.2");
    }
}
