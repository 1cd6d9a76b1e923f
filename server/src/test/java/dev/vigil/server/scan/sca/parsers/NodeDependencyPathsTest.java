package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.testing.TestData;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.vigil.server.scan.sca.parsers.Manifests.file;
import static dev.vigil.server.scan.sca.parsers.Manifests.parse;
import static org.assertj.core.api.Assertions.assertThat;

/** The chain from the project's root to each package, from npm, yarn and pnpm lockfiles. */
class NodeDependencyPathsTest {

    private static final String PACKAGE_JSON = """
            {
              "name": "shop", "version": "2.0.0",
              "dependencies": { "express-jwt": "0.1.3", "lodash": "^4.17.21" },
              "devDependencies": { "karma": "^1.0.0" }
            }
            """;

    @Test
    void followsNodesResolutionThroughNestedNodeModulesInALockfileVersion3() throws IOException {
        Path dir = TestData.file("sca/juice-shop-ftp");
        List<Dependency> found = parse(
                new SourceFile("ftp/package-lock.json", Files.readAllBytes(dir.resolve("package-lock.json"))),
                new SourceFile("ftp/package.json", Files.readAllBytes(dir.resolve("package.json"))));

        assertThat(steps(found, "jsonwebtoken", "0.1.0"))
                .containsExactly("juice-shop@6.2.0-SNAPSHOT", "express-jwt@0.1.3", "jsonwebtoken@0.1.0");
        assertThat(steps(found, "express-jwt", "0.1.3")).containsExactly("juice-shop@6.2.0-SNAPSHOT", "express-jwt@0.1.3");
        assertThat(steps(found, "lodash", "3.10.1")).startsWith("juice-shop@6.2.0-SNAPSHOT").endsWith("lodash@3.10.1");
        assertThat(found).allSatisfy(d -> assertThat(d.path().steps()).isNotEmpty());
    }

    @Test
    void resolvesANameToTheNearestCopyAboveThePackage() {
        String lock = """
                {
                  "name": "shop", "version": "2.0.0", "lockfileVersion": 2,
                  "packages": {
                    "": { "name": "shop", "version": "2.0.0",
                          "dependencies": { "express-jwt": "0.1.3", "lodash": "^4.17.21" } },
                    "node_modules/express-jwt": { "version": "0.1.3", "dependencies": { "lodash": "^3.0.0", "ms": "*" } },
                    "node_modules/express-jwt/node_modules/lodash": { "version": "3.10.1" },
                    "node_modules/lodash": { "version": "4.17.21" },
                    "node_modules/ms": { "version": "2.1.3" }
                  }
                }
                """;

        List<Dependency> found = parse(file("package-lock.json", lock));

        assertThat(steps(found, "lodash", "3.10.1")).containsExactly("shop@2.0.0", "express-jwt@0.1.3", "lodash@3.10.1");
        assertThat(steps(found, "lodash", "4.17.21")).containsExactly("shop@2.0.0", "lodash@4.17.21");
        assertThat(steps(found, "ms", "2.1.3")).containsExactly("shop@2.0.0", "express-jwt@0.1.3", "ms@2.1.3");
    }

    @Test
    void walksTheRequiresOfALockfileVersion1UnderItsPackageJson() {
        String lock = """
                {
                  "name": "shop", "version": "2.0.0", "lockfileVersion": 1,
                  "dependencies": {
                    "express-jwt": { "version": "0.1.3", "requires": { "lodash": "^3.0.0" },
                      "dependencies": { "lodash": { "version": "3.10.1" } } },
                    "karma": { "version": "1.7.1", "dev": true, "requires": { "lodash": "^4.0.0" } },
                    "lodash": { "version": "4.17.21" }
                  }
                }
                """;

        List<Dependency> found = parse(file("package-lock.json", lock), file("package.json", PACKAGE_JSON));

        assertThat(steps(found, "lodash", "3.10.1")).containsExactly("shop@2.0.0", "express-jwt@0.1.3", "lodash@3.10.1");
        assertThat(steps(found, "lodash", "4.17.21")).containsExactly("shop@2.0.0", "lodash@4.17.21");
        assertThat(steps(found, "karma", "1.7.1")).containsExactly("shop@2.0.0", "karma@1.7.1");
    }

    @Test
    void givesNoChainWhereTheLockHasNoRootToStartFrom() {
        String lock = """
                {
                  "lockfileVersion": 1,
                  "dependencies": { "lodash": { "version": "4.17.21" } }
                }
                """;

        assertThat(parse(file("package-lock.json", lock))).singleElement()
                .satisfies(d -> assertThat(d.path().steps()).isEmpty());
    }

    @Test
    void followsYarnSpecsFromThePackageJson() {
        String lock = """
                express-jwt@0.1.3:
                  version "0.1.3"
                  dependencies:
                    lodash "^3.0.0"

                lodash@^3.0.0:
                  version "3.10.1"

                lodash@^4.17.21:
                  version "4.17.21"

                karma@^1.0.0:
                  version "1.7.1"
                  dependencies:
                    lodash "^3.0.0"
                """;

        List<Dependency> found = parse(file("yarn.lock", lock), file("package.json", PACKAGE_JSON));

        assertThat(steps(found, "lodash", "3.10.1")).containsExactly("shop@2.0.0", "express-jwt@0.1.3", "lodash@3.10.1");
        assertThat(steps(found, "lodash", "4.17.21")).containsExactly("shop@2.0.0", "lodash@4.17.21");
    }

    @Test
    void followsPnpmSnapshotsFromTheImporters() {
        String lock = """
                lockfileVersion: '9.0'
                importers:
                  .:
                    dependencies:
                      express-jwt:
                        specifier: 0.1.3
                        version: 0.1.3
                    devDependencies:
                      karma:
                        specifier: ^1.0.0
                        version: 1.7.1(debug@2.6.9)
                packages:
                  express-jwt@0.1.3:
                    resolution: {integrity: sha512-a}
                  karma@1.7.1:
                    resolution: {integrity: sha512-b}
                  lodash@3.10.1:
                    resolution: {integrity: sha512-c}
                snapshots:
                  express-jwt@0.1.3:
                    dependencies:
                      lodash: 3.10.1
                  karma@1.7.1(debug@2.6.9):
                    dependencies:
                      lodash: 3.10.1
                  lodash@3.10.1: {}
                """;

        List<Dependency> found = parse(file("pnpm-lock.yaml", lock), file("package.json", PACKAGE_JSON));

        assertThat(steps(found, "lodash", "3.10.1")).containsExactly("shop@2.0.0", "express-jwt@0.1.3", "lodash@3.10.1");
        assertThat(steps(found, "karma", "1.7.1")).containsExactly("shop@2.0.0", "karma@1.7.1");
    }

    @Test
    void followsTheDependenciesOfPnpmVersion6Packages() {
        String lock = """
                lockfileVersion: '6.0'
                dependencies:
                  express-jwt:
                    specifier: 0.1.3
                    version: 0.1.3
                packages:
                  /express-jwt@0.1.3:
                    resolution: {integrity: sha512-a}
                    dependencies:
                      lodash: 3.10.1
                    dev: false
                  /lodash@3.10.1:
                    resolution: {integrity: sha512-c}
                    dev: false
                """;

        List<Dependency> found = parse(file("pnpm-lock.yaml", lock));

        assertThat(steps(found, "lodash", "3.10.1")).containsExactly("(root)", "express-jwt@0.1.3", "lodash@3.10.1");
    }

    private static List<String> steps(List<Dependency> found, String name, String version) {
        return found.stream().filter(d -> d.name().equals(name) && d.version().equals(version)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + "@" + version)).path().steps();
    }
}
