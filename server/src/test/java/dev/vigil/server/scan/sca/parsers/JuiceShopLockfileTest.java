package dev.vigil.server.scan.sca.parsers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.Ecosystem;
import dev.vigil.server.testing.TestData;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The real OWASP Juice Shop lockfile (v3) and its package.json, from testdata/sca. */
class JuiceShopLockfileTest {

    private static final Path DIR = TestData.file("sca/juice-shop-ftp");
    private static SourceFile lock;
    private static SourceFile manifest;
    private static List<Dependency> found;

    @BeforeAll
    static void parseTheLockfile() throws IOException {
        lock = new SourceFile("ftp/package-lock.json", Files.readAllBytes(DIR.resolve("package-lock.json")));
        manifest = new SourceFile("ftp/package.json", Files.readAllBytes(DIR.resolve("package.json")));
        found = Manifests.parse(lock, manifest);
    }

    @Test
    void reportsEveryPackageOfTheLockExceptTheRoot() throws IOException {
        JsonNode packages = new ObjectMapper().readTree(lock.content()).path("packages");
        List<String> keys = new ArrayList<>();
        packages.fieldNames().forEachRemaining(keys::add);
        long expected = keys.stream().filter(k -> !k.isEmpty()).count();

        assertThat(expected).isEqualTo(1967);
        assertThat(found).hasSize((int) expected).allMatch(d -> d.ecosystem() == Ecosystem.NPM);
        assertThat(found).allMatch(d -> d.manifestPath().equals("ftp/package-lock.json"));
    }

    @Test
    void findsTheWellKnownPackagesWithTheirVersionsAndLines() {
        assertThat(found.stream().filter(d -> d.name().equals("lodash")).map(Dependency::version))
                .contains("4.17.21", "3.10.1");
        assertThat(hoisted("lodash")).usingRecursiveComparison().ignoringFields("path")
                .isEqualTo(new Dependency(Ecosystem.NPM, "lodash", "4.17.21", "ftp/package-lock.json", 8703, false, false));
        assertThat(hoisted("jsonwebtoken")).usingRecursiveComparison().ignoringFields("path")
                .isEqualTo(new Dependency(Ecosystem.NPM, "jsonwebtoken", "8.5.1", "ftp/package-lock.json", 8021, true, false));
        assertThat(hoisted("express")).usingRecursiveComparison().ignoringFields("path")
                .isEqualTo(new Dependency(Ecosystem.NPM, "express", "4.16.4", "ftp/package-lock.json", 4081, true, false));
    }

    @Test
    void takesDevFlagsFromTheLockfile() throws IOException {
        JsonNode packages = new ObjectMapper().readTree(lock.content()).path("packages");
        long devInLock = 0;
        for (JsonNode entry : packages) {
            devInLock += entry.path("dev").asBoolean(false) ? 1 : 0;
        }

        assertThat(found.stream().filter(Dependency::dev).count()).isEqualTo(devInLock).isEqualTo(1208);
        assertThat(hoisted("chai")).extracting(Dependency::version, Dependency::line, Dependency::direct,
                Dependency::dev).containsExactly("4.5.0", 1884, true, true);
    }

    /** The copy installed at the top of node_modules: it carries no {@code node_modules/} prefix but its own. */
    private static Dependency hoisted(String name) {
        return found.stream().filter(d -> d.name().equals(name) && d.line() == keyLine("node_modules/" + name))
                .findFirst().orElseThrow();
    }

    private static int keyLine(String key) {
        List<String> lines = lock.text().lines().toList();
        return lines.indexOf("    \"" + key + "\": {") + 1;
    }

    @Test
    void readsTheJuiceShopManifestWithoutLockfileAsExactVersionsOnly() throws IOException {
        SourceFile alone = new SourceFile("package.json",
                Files.readAllBytes(TestData.file("sca/juice-shop-package.json")));

        List<Dependency> pinned = Manifests.parse(alone);

        assertThat(pinned).extracting(Dependency::name, Dependency::version, Dependency::line, Dependency::direct)
                .containsExactlyInAnyOrder(Tuple.tuple("colors", "1.4.0", lineOf(alone, "colors"), true),
                        Tuple.tuple("express-jwt", "0.1.3", lineOf(alone, "express-jwt"), true),
                        Tuple.tuple("jsonwebtoken", "0.4.0", 132, true),
                        Tuple.tuple("sanitize-html", "1.4.2", lineOf(alone, "sanitize-html"), true));
        assertThat(pinned).noneMatch(d -> d.name().equals("express")).as("^4.22.1 is a range, not a version");
    }

    private static int lineOf(SourceFile file, String name) {
        return file.text().lines().toList().indexOf(file.text().lines()
                .filter(l -> l.trim().startsWith("\"" + name + "\":")).findFirst().orElseThrow()) + 1;
    }
}
