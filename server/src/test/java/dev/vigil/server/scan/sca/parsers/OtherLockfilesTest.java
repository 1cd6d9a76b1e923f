package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.Ecosystem;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.vigil.server.scan.sca.parsers.Manifests.file;
import static dev.vigil.server.scan.sca.parsers.Manifests.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

class OtherLockfilesTest {

    @Test
    void readsGemfileLockSpecsWithDirectNamesAndDevGroupsFromTheGemfile() {
        String lock = """
                GIT
                  remote: https://github.com/example/tool.git
                  revision: abc
                  specs:
                    tool (0.9.0)

                PATH
                  remote: engines/local
                  specs:
                    local (0.1.0)

                GEM
                  remote: https://rubygems.org/
                  specs:
                    nokogiri (1.10.4-x86_64-linux)
                      mini_portile2 (~> 2.4.0)
                    mini_portile2 (2.4.0)
                    rspec (3.9.0)
                      rspec-core (~> 3.9.0)
                    rspec-core (3.9.1)

                PLATFORMS
                  ruby

                DEPENDENCIES
                  local!
                  nokogiri (~> 1.10)
                  rspec
                  tool!

                BUNDLED WITH
                   2.1.4
                """;
        String gemfile = """
                source 'https://rubygems.org'
                gem 'nokogiri', '~> 1.10'
                gem 'tool', git: 'https://github.com/example/tool.git'
                group :development, :test do
                  gem 'rspec'
                end
                """;

        List<Dependency> found = parse(file("Gemfile.lock", lock), file("Gemfile", gemfile));

        assertThat(found).extracting(Dependency::name, Dependency::version, Dependency::line, Dependency::direct,
                        Dependency::dev)
                .containsExactly(tuple("tool", "0.9.0", 5, true, false),
                        tuple("nokogiri", "1.10.4", 15, true, false),
                        tuple("mini_portile2", "2.4.0", 17, false, false),
                        tuple("rspec", "3.9.0", 18, true, true),
                        tuple("rspec-core", "3.9.1", 20, false, true));
        assertThat(found).allMatch(d -> d.ecosystem() == Ecosystem.RUBYGEMS);
    }

    @Test
    void readsComposerLockPackagesAndDevPackagesAtTheirNameLines() {
        String lock = """
                {
                    "content-hash": "x",
                    "packages": [
                        {
                            "name": "guzzlehttp/guzzle",
                            "version": "7.4.0",
                            "require": {"guzzlehttp/psr7": "^2.1"}
                        },
                        {
                            "name": "guzzlehttp/psr7",
                            "version": "2.1.0"
                        }
                    ],
                    "packages-dev": [
                        {
                            "name": "phpunit/phpunit",
                            "version": "9.5.10"
                        }
                    ]
                }
                """;
        String manifest = """
                {"require": {"php": ">=8.0", "guzzlehttp/guzzle": "^7.4"}, "require-dev": {"phpunit/phpunit": "^9"}}
                """;

        List<Dependency> found = parse(file("composer.lock", lock), file("composer.json", manifest));

        assertThat(found).extracting(Dependency::name, Dependency::version, Dependency::line, Dependency::direct,
                        Dependency::dev)
                .containsExactly(tuple("guzzlehttp/guzzle", "7.4.0", 5, true, false),
                        tuple("guzzlehttp/psr7", "2.1.0", 10, false, false),
                        tuple("phpunit/phpunit", "9.5.10", 16, true, true));
    }

    @Test
    void readsGradleLockfileWithTestOnlyConfigurationsAsDev() {
        String lock = """
                # This is a Gradle generated file for dependency locking.
                # Manual edits can break the build and are not advised.
                # This file is expected to be part of source control.
                com.fasterxml.jackson.core:jackson-databind:2.12.1=compileClasspath,runtimeClasspath,testRuntimeClasspath
                junit:junit:4.12=testCompileClasspath,testRuntimeClasspath
                empty=annotationProcessor
                """;

        List<Dependency> found = parse(file("app/gradle.lockfile", lock));

        assertThat(found).extracting(Dependency::ecosystem, Dependency::name, Dependency::version, Dependency::line,
                        Dependency::dev)
                .containsExactly(tuple(Ecosystem.MAVEN, "com.fasterxml.jackson.core:jackson-databind", "2.12.1", 4, false),
                        tuple(Ecosystem.MAVEN, "junit:junit", "4.12", 5, true));
    }

    @Test
    void readsNugetPackagesLockOncePerPackageAcrossFrameworks() {
        String lock = """
                {
                  "version": 1,
                  "dependencies": {
                    "net6.0": {
                      "Newtonsoft.Json": {
                        "type": "Direct",
                        "requested": "[12.0.1, )",
                        "resolved": "12.0.1",
                        "contentHash": "x"
                      },
                      "System.Text.Encodings.Web": {
                        "type": "Transitive",
                        "resolved": "4.5.0"
                      },
                      "Shop.Core": {
                        "type": "Project"
                      }
                    },
                    "net8.0": {
                      "Newtonsoft.Json": {
                        "type": "Direct",
                        "resolved": "12.0.1"
                      }
                    }
                  }
                }
                """;

        List<Dependency> found = parse(file("src/Shop/packages.lock.json", lock));

        assertThat(found).extracting(Dependency::ecosystem, Dependency::name, Dependency::version, Dependency::line,
                        Dependency::direct)
                .containsExactly(tuple(Ecosystem.NUGET, "Newtonsoft.Json", "12.0.1", 5, true),
                        tuple(Ecosystem.NUGET, "System.Text.Encodings.Web", "4.5.0", 11, false));
    }

    @Test
    void reportsMalformedJsonLockfilesAsWarnings() {
        Manifests.Collected warnings = new Manifests.Collected();

        Manifests.parse(warnings, file("composer.lock", "{\"packages\": [}"), file("packages.lock.json", "nope"),
                file("ok/go.mod", "module x\nrequire (\n"));

        assertThat(warnings.all).extracting(Manifests.Warning::code, Manifests.Warning::path)
                .containsExactly(tuple("MANIFEST_UNPARSEABLE", "composer.lock"),
                        tuple("MANIFEST_UNPARSEABLE", "packages.lock.json"));
    }
}
