package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.Ecosystem;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.vigil.server.scan.sca.parsers.Manifests.file;
import static dev.vigil.server.scan.sca.parsers.Manifests.named;
import static dev.vigil.server.scan.sca.parsers.Manifests.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

class PythonParsersTest {

    @Test
    void readsOnlyPinnedRequirementsWithNormalisedNamesAndTheirLines() {
        String requirements = """
                # web
                Django==3.2.4
                requests >= 2.0
                Flask_Login[extra] == 0.5.0 ; python_version >= "3.6"
                zope.interface==5.4.0 \\
                    --hash=sha256:aaaa \\
                    --hash=sha256:bbbb
                numpy==1.*
                -e git+https://example.org/x.git#egg=x
                pyyaml==5.3.1  # pinned for CVE checks
                """;

        List<Dependency> found = parse(file("svc/requirements.txt", requirements));

        assertThat(found).extracting(Dependency::name, Dependency::version, Dependency::line, Dependency::direct,
                        Dependency::dev)
                .containsExactly(tuple("django", "3.2.4", 2, true, false),
                        tuple("flask-login", "0.5.0", 4, true, false),
                        tuple("zope-interface", "5.4.0", 5, true, false),
                        tuple("pyyaml", "5.3.1", 10, true, false));
        assertThat(found).allMatch(d -> d.ecosystem() == Ecosystem.PYPI && d.manifestPath().equals("svc/requirements.txt"));
    }

    @Test
    void followsIncludesInsideTheArchiveOnceAndWarnsAboutMissingOnes() {
        Manifests.Collected warnings = new Manifests.Collected();

        List<Dependency> found = Manifests.parse(warnings,
                file("requirements-dev.txt", "-r requirements/base.txt\n-r missing.txt\npytest==7.4.0\n"),
                file("requirements/base.txt", "--requirement=../requirements-dev.txt\nurllib3==1.26.5\n"));

        assertThat(found).extracting(Dependency::name, Dependency::manifestPath, Dependency::line, Dependency::dev)
                .containsExactlyInAnyOrder(tuple("urllib3", "requirements/base.txt", 2, false),
                        tuple("pytest", "requirements-dev.txt", 3, true));
        assertThat(warnings.all).singleElement().satisfies(w -> {
            assertThat(w.code()).isEqualTo("MANIFEST_INCLUDE_MISSING");
            assertThat(w.path()).isEqualTo("requirements-dev.txt");
            assertThat(w.message()).contains("line 2").doesNotContain("missing.txt");
        });
    }

    @Test
    void readsPipfileLockSectionsWithDirectNamesFromThePipfile() {
        String lock = """
                {
                    "_meta": {"hash": {"sha256": "x"}},
                    "default": {
                        "requests": {"version": "==2.25.1"},
                        "urllib3": {"version": "==1.26.4"},
                        "local": {"path": "."}
                    },
                    "develop": {
                        "pytest": {"version": "==6.2.4"}
                    }
                }
                """;
        String pipfile = """
                [packages]
                requests = "*"

                [dev-packages]
                pytest = "*"
                """;

        List<Dependency> found = parse(file("Pipfile.lock", lock), file("Pipfile", pipfile));

        assertThat(found).extracting(Dependency::name, Dependency::version, Dependency::line, Dependency::direct,
                        Dependency::dev)
                .containsExactly(tuple("requests", "2.25.1", 4, true, false),
                        tuple("urllib3", "1.26.4", 5, false, false),
                        tuple("pytest", "6.2.4", 9, true, true));
    }

    @Test
    void readsPoetryLockWithCategoriesAndDirectNamesFromPyproject() {
        String lock = """
                [[package]]
                name = "Jinja2"
                version = "2.11.2"
                description = "A very fast and expressive template engine."
                category = "main"
                optional = false
                python-versions = ">=2.7"

                [package.dependencies]
                MarkupSafe = ">=0.23"

                [[package]]
                name = "markupsafe"
                version = "1.1.1"
                category = "main"
                files = [
                    {file = "MarkupSafe-1.1.1.tar.gz", hash = "sha256:x"},
                ]

                [[package]]
                name = "pytest"
                version = "6.2.5"
                category = "dev"
                """;
        String pyproject = """
                [tool.poetry.dependencies]
                python = "^3.8"
                jinja2 = "^2.11"

                [tool.poetry.group.dev.dependencies]
                pytest = "^6.0"
                """;

        List<Dependency> found = parse(file("poetry.lock", lock), file("pyproject.toml", pyproject));

        assertThat(found).extracting(Dependency::name, Dependency::version, Dependency::line, Dependency::direct,
                        Dependency::dev)
                .containsExactly(tuple("jinja2", "2.11.2", 2, true, false),
                        tuple("markupsafe", "1.1.1", 13, false, false),
                        tuple("pytest", "6.2.5", 21, true, true));
    }

    @Test
    void readsPoetryTwoGroupsWithoutPyproject() {
        String lock = """
                [[package]]
                name = "black"
                version = "24.3.0"
                groups = ["dev"]

                [[package]]
                name = "idna"
                version = "3.7"
                groups = ["main", "dev"]
                """;

        List<Dependency> found = parse(file("poetry.lock", lock));

        assertThat(found).extracting(Dependency::name, Dependency::direct, Dependency::dev)
                .containsExactly(tuple("black", false, true), tuple("idna", false, false));
    }

    @Test
    void readsUvLockWithTheProjectAsRootAndDevOnlyPackages() {
        String lock = """
                version = 1
                requires-python = ">=3.12"

                [[package]]
                name = "anyio"
                version = "4.4.0"
                source = { registry = "https://pypi.org/simple" }
                dependencies = [
                    { name = "idna" },
                ]

                [[package]]
                name = "idna"
                version = "3.7"
                source = { registry = "https://pypi.org/simple" }

                [[package]]
                name = "iniconfig"
                version = "2.0.0"
                source = { registry = "https://pypi.org/simple" }

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
                name = "pytest"
                version = "8.2.0"
                source = { registry = "https://pypi.org/simple" }
                dependencies = [
                    { name = "iniconfig" },
                ]
                """;

        List<Dependency> found = parse(file("uv.lock", lock));

        assertThat(found).extracting(Dependency::name, Dependency::version, Dependency::line, Dependency::direct,
                        Dependency::dev)
                .containsExactly(tuple("anyio", "4.4.0", 5, true, false),
                        tuple("idna", "3.7", 13, false, false),
                        tuple("iniconfig", "2.0.0", 18, false, true),
                        tuple("pytest", "8.2.0", 36, true, true));
        assertThat(named(found, "anyio").ecosystem()).isEqualTo(Ecosystem.PYPI);
    }

    @Test
    void reportsAMalformedPipfileLockAsAWarning() {
        Manifests.Collected warnings = new Manifests.Collected();

        assertThat(Manifests.parse(warnings, file("Pipfile.lock", "[1, 2"))).isEmpty();
        assertThat(warnings.codes()).containsExactly("MANIFEST_UNPARSEABLE");
    }
}
