package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.Ecosystem;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.vigil.server.scan.sca.parsers.Manifests.file;
import static dev.vigil.server.scan.sca.parsers.Manifests.named;
import static dev.vigil.server.scan.sca.parsers.Manifests.parse;
import static org.assertj.core.api.Assertions.assertThat;

class NpmLockParserTest {

    private static final String V3 = """
            {
              "name": "shop",
              "version": "1.0.0",
              "lockfileVersion": 3,
              "requires": true,
              "packages": {
                "": {
                  "name": "shop",
                  "version": "1.0.0",
                  "dependencies": {
                    "@scope/util": "^2.0.0",
                    "express": "^4.16.0"
                  },
                  "devDependencies": {
                    "mocha": "^10.0.0"
                  }
                },
                "node_modules/@scope/util": {
                  "version": "2.1.0"
                },
                "node_modules/express": {
                  "version": "4.16.4",
                  "dependencies": {
                    "qs": "6.5.2"
                  }
                },
                "node_modules/express/node_modules/qs": {
                  "version": "6.5.2"
                },
                "node_modules/mocha": {
                  "version": "10.2.0",
                  "dev": true
                },
                "node_modules/string-width-cjs": {
                  "name": "string-width",
                  "version": "4.2.3"
                },
                "node_modules/local": {
                  "resolved": "packages/local",
                  "link": true
                }
              }
            }
            """;

    @Test
    void readsEveryInstalledPackageOfALockfileVersionThreeWithTheLineOfItsKey() {
        List<Dependency> found = parse(file("app/package-lock.json", V3));

        assertThat(found).extracting(Dependency::name)
                .containsExactly("@scope/util", "express", "qs", "mocha", "string-width");
        assertThat(named(found, "@scope/util")).usingRecursiveComparison().ignoringFields("path")
                .isEqualTo(new Dependency(Ecosystem.NPM, "@scope/util", "2.1.0", "app/package-lock.json", 18, true, false));
        assertThat(named(found, "express").line()).isEqualTo(21);
        assertThat(named(found, "qs")).extracting(Dependency::line, Dependency::direct).containsExactly(27, false);
        assertThat(named(found, "mocha")).extracting(Dependency::direct, Dependency::dev).containsExactly(true, true);
    }

    @Test
    void readsTheNestedDependenciesOfALockfileVersionOneWithDirectFlagsFromPackageJson() {
        String v1 = """
                {
                  "name": "legacy",
                  "lockfileVersion": 1,
                  "dependencies": {
                    "debug": {
                      "version": "2.6.9",
                      "requires": { "ms": "2.0.0" },
                      "dependencies": {
                        "ms": {
                          "version": "2.0.0"
                        }
                      }
                    },
                    "ms": {
                      "version": "2.1.3"
                    },
                    "chai": {
                      "version": "4.3.7",
                      "dev": true
                    },
                    "aliased": {
                      "version": "npm:lodash@4.17.21"
                    },
                    "from-git": {
                      "version": "git+https://example.org/x.git#abc"
                    }
                  }
                }
                """;
        String manifest = """
                { "dependencies": { "debug": "^2.6.0" }, "devDependencies": { "chai": "^4.0.0" } }
                """;

        List<Dependency> found = parse(file("package-lock.json", v1), file("package.json", manifest));

        assertThat(found).extracting(Dependency::name, Dependency::version, Dependency::line, Dependency::direct,
                        Dependency::dev)
                .containsExactly(
                        Tuple.tuple("debug", "2.6.9", 5, true, false),
                        Tuple.tuple("ms", "2.0.0", 9, false, false),
                        Tuple.tuple("ms", "2.1.3", 14, false, false),
                        Tuple.tuple("chai", "4.3.7", 17, true, true),
                        Tuple.tuple("lodash", "4.17.21", 21, false, false));
    }

    @Test
    void prefersTheShrinkwrapOverThePackageLockInTheSameDirectory() {
        List<Dependency> found = parse(file("npm-shrinkwrap.json", V3), file("package-lock.json", V3));

        assertThat(found).allMatch(d -> d.manifestPath().equals("npm-shrinkwrap.json")).hasSize(5);
    }

    @Test
    void reportsAMalformedLockAsAWarningWithoutThrowing() {
        Manifests.Collected warnings = new Manifests.Collected();

        List<Dependency> found = Manifests.parse(warnings, file("a/package-lock.json", "{\"packages\": {\"node_modules/x\": "));

        assertThat(found).isEmpty();
        assertThat(warnings.all).singleElement().satisfies(w -> {
            assertThat(w.code()).isEqualTo("MANIFEST_UNPARSEABLE");
            assertThat(w.path()).isEqualTo("a/package-lock.json");
        });
    }

    @Test
    void reportsOnlyExactVersionsOfAPackageJsonWithoutLockfile() {
        String manifest = """
                {
                  "dependencies": {
                    "express": "4.17.1",
                    "lodash": "^4.17.0"
                  },
                  "devDependencies": {
                    "jest": "=29.0.0"
                  }
                }
                """;

        List<Dependency> found = parse(file("web/package.json", manifest));

        assertThat(found).extracting(Dependency::name, Dependency::version, Dependency::line, Dependency::dev)
                .containsExactly(Tuple.tuple("express", "4.17.1", 3, false),
                        Tuple.tuple("jest", "29.0.0", 7, true));
    }

    @Test
    void leavesAPackageJsonToItsLockfile() {
        assertThat(parse(file("package-lock.json", V3), file("web/package.json", "{\"dependencies\":{\"a\":\"1.0.0\"}}")))
                .noneMatch(d -> d.manifestPath().endsWith("package.json"));
    }
}
