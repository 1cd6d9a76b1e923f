package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.ManifestParsers;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.vigil.server.scan.sca.parsers.Manifests.file;
import static org.assertj.core.api.Assertions.assertThat;

class IdentifierCapsTest {

    @Test
    void shouldSkipALockedVersionOverTheCapWithOneWarningAndKeepTheOthers() {
        String lockfile = """
                {"lockfileVersion": 3, "packages": {
                  "node_modules/lodash": {"version": "%s"},
                  "node_modules/qs": {"version": "6.5.2"}
                }}
                """.formatted("1" + ".1".repeat(2_000));
        Manifests.Collected warnings = new Manifests.Collected();

        List<Dependency> found = ManifestParsers.parse(List.of(file("web/package-lock.json", lockfile)), warnings);

        assertThat(found).extracting(Dependency::name).containsExactly("qs");
        assertThat(warnings.all).singleElement().satisfies(w -> {
            assertThat(w.code()).isEqualTo("MANIFEST_IDENTIFIER_TOO_LONG");
            assertThat(w.message()).startsWith("1 dependency skipped");
            assertThat(w.path()).isEqualTo("web/package-lock.json");
        });
    }

    @Test
    void shouldSkipAPackageNameOverTheCapInEveryFormat() {
        String name = "a".repeat(IdentifierCaps.NAME + 1);
        Manifests.Collected warnings = new Manifests.Collected();

        List<Dependency> found = ManifestParsers.parse(List.of(
                file("requirements.txt", name + "==1.0\nflask==2.0.1\n"),
                file("go.mod", "module example.com/app\n\nrequire example.com/" + name + " v1.0.0\n")), warnings);

        assertThat(found).extracting(Dependency::name).containsExactly("flask");
        assertThat(warnings.codes()).containsExactly("MANIFEST_IDENTIFIER_TOO_LONG", "MANIFEST_IDENTIFIER_TOO_LONG");
    }

    @Test
    void shouldKeepIdentifiersAtTheCap() {
        String version = "1.0.0-" + "a".repeat(IdentifierCaps.VERSION - 6);
        Manifests.Collected warnings = new Manifests.Collected();

        List<Dependency> found = ManifestParsers.parse(List.of(file("package-lock.json", """
                {"lockfileVersion": 3, "packages": {"node_modules/lodash": {"version": "%s"}}}
                """.formatted(version))), warnings);

        assertThat(found).extracting(Dependency::version).containsExactly(version);
        assertThat(warnings.all).isEmpty();
    }
}
