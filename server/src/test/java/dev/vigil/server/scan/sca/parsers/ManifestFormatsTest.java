package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.ManifestParsers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Random;

import static dev.vigil.server.scan.sca.parsers.Manifests.file;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

class ManifestFormatsTest {

    private static final String[] FORMATS = {"package-lock.json", "npm-shrinkwrap.json", "package.json", "yarn.lock",
            "pnpm-lock.yaml", "requirements.txt", "Pipfile.lock", "poetry.lock", "uv.lock", "go.mod", "Cargo.lock",
            "Gemfile.lock", "composer.lock", "pom.xml", "gradle.lockfile", "packages.lock.json"};

    @Test
    void recognisesManifestsLockfilesAndTheirCompanionsByName() {
        assertThat(List.of("a/package-lock.json", "npm-shrinkwrap.json", "web/package.json", "yarn.lock",
                "pnpm-lock.yaml", "requirements.txt", "requirements-dev.txt", "dev-requirements.txt",
                "requirements/base.txt", "Pipfile", "Pipfile.lock", "pyproject.toml", "poetry.lock", "uv.lock",
                "svc/go.mod", "Cargo.lock", "Cargo.toml", "Gemfile", "Gemfile.lock", "composer.json", "composer.lock",
                "pom.xml", "gradle.lockfile", "src/App/packages.lock.json"))
                .allMatch(ManifestParsers::isManifest);
        assertThat(List.of("README.md", "notes.txt", "package.json.bak", "src/Main.java", "go.sum", "lock.json",
                "node_modules/express/package.json", "web/node_modules/qs/package.json"))
                .noneMatch(ManifestParsers::isManifest);
    }

    @ParameterizedTest
    @ValueSource(strings = {"package-lock.json", "npm-shrinkwrap.json", "package.json", "yarn.lock", "pnpm-lock.yaml",
            "requirements.txt", "Pipfile.lock", "poetry.lock", "uv.lock", "go.mod", "Cargo.lock", "Gemfile.lock",
            "composer.lock", "pom.xml", "gradle.lockfile", "packages.lock.json"})
    void neverThrowsForGarbage(String name) {
        Random random = new Random(name.hashCode());
        for (int round = 0; round < 20; round++) {
            byte[] bytes = new byte[random.nextInt(2000)];
            random.nextBytes(bytes);
            String text = round % 2 == 0 ? new String(bytes, StandardCharsets.ISO_8859_1)
                    : "[{\"\n  a: b\n[[package]]\nname = \"x\n<project>".repeat(round);
            Manifests.Collected warnings = new Manifests.Collected();

            List<Dependency> found = ManifestParsers.parse(List.of(new SourceFile(name, bytes), file("x/" + name, text)),
                    warnings);

            assertThat(found).isNotNull();
            assertThat(warnings.all).allMatch(w -> w.code().startsWith("MANIFEST_"));
        }
    }

    @Test
    void survivesDeeplyNestedDocumentsInLinearTime() {
        int depth = 200_000;
        String json = "[".repeat(depth) + "]".repeat(depth);
        String yaml = "a:\n" + " -".repeat(depth) + "\n";
        String toml = "[[package]]\nname = \"x\"\nversion = \"1\"\ndependencies = " + "[".repeat(depth) + "\n";
        String xml = "<project>" + "<a>".repeat(depth) + "</a>".repeat(depth) + "</project>";

        List<SourceFile> files = List.of(file("package-lock.json", json), file("pnpm-lock.yaml", yaml),
                file("Cargo.lock", toml), file("pom.xml", xml), file("composer.lock", json));
        Manifests.Collected warnings = new Manifests.Collected();

        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> ManifestParsers.parse(files, warnings));
        assertThat(warnings.all).allMatch(w -> w.code().equals("MANIFEST_UNPARSEABLE"));
    }

    @Test
    void readsFilesThatStartWithAByteOrderMark() {
        String lock = "\uFEFF{\"version\": 1, \"dependencies\": {\"net8.0\": {\"Serilog\": "
                + "{\"type\": \"Direct\", \"resolved\": \"2.10.0\"}}}}";

        assertThat(Manifests.parse(file("packages.lock.json", lock), file("requirements.txt", "\uFEFFflask==2.0.1\n")))
                .extracting(Dependency::name).containsExactly("Serilog", "flask");
    }

    @Test
    void formatsUnderTestAreAllRecognised() {
        assertThat(FORMATS).allMatch(ManifestParsers::isManifest);
    }
}
