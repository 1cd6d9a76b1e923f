package dev.vigil.server.scan.sca;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import dev.vigil.server.advisories.AdvisoryFixtures;
import dev.vigil.server.advisories.AdvisoryImporter;
import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.advisories.StoredAdvisories;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.store.Database;
import dev.vigil.server.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class ScaScannerTest {

    private static final DependencyPath ROOT = DependencyPath.root("shop", "2.0.0");
    /** lodash as the project's own dependency, and an older lodash that express-jwt brings in. */
    private static final Dependency DIRECT = new Dependency(Ecosystem.NPM, "lodash", "4.17.11", "web/package-lock.json",
            42, true, false, ROOT.then("lodash", "4.17.11"));
    private static final Dependency TRANSITIVE = new Dependency(Ecosystem.NPM, "lodash", "4.17.4",
            "api/package-lock.json", 7, false, false, ROOT.then("express-jwt", "0.1.3").then("lodash", "4.17.4"));

    private final Database database = AdvisoryFixtures.memoryDatabase();
    private final AdvisoryRepository repository = new AdvisoryRepository();
    private final List<String> warnings = new ArrayList<>();

    @AfterEach
    void close() {
        database.close();
    }

    @Test
    void turnsEachMatchIntoADetectionAtTheDependencysLine() throws IOException {
        ScaScanner scanner = scannerWith(List.of(TestData.advisory("ghsa/GHSA-jf85-cpcp-j695.json")));
        Dependency lodash = new Dependency(Ecosystem.NPM, "lodash", "4.17.11", "web/package-lock.json", 42, true, false);

        ScaResult result = scanner.analyse(List.of(lodash, lodash), this::warn);

        assertThat(result.dependencies()).hasSize(2);
        Detection detection = result.detections().getFirst();
        assertThat(result.detections()).hasSize(1);
        assertThat(detection.kind()).isEqualTo(ScanKind.SCA);
        assertThat(detection.ruleId()).isEqualTo("GHSA-jf85-cpcp-j695");
        assertThat(detection.identity()).isEqualTo("npm:lodash");
        assertThat(detection.location()).isEqualTo("web/package-lock.json:42");
        assertThat(detection.fixAvailable()).isEqualTo("npm install lodash@4.17.12");
        assertThat(detection.isDirect()).isTrue();
        assertThat(detection.isBreaking()).isFalse();
        assertThat(detection.cwe()).startsWith("CWE-");
        assertThat(detection.aliases()).contains("CVE-2019-10744");
        assertThat(detection.description()).contains("lodash 4.17.11", "GHSA-jf85-cpcp-j695", "4.17.12");
        assertThat(warnings).isEmpty();
    }

    @Test
    void aDetectionCarriesTheChainOfItsPackageAndARemediationForItsPlaceInTheGraph() throws IOException {
        ScaScanner scanner = scannerWith(List.of(TestData.advisory("ghsa/GHSA-jf85-cpcp-j695.json")));
        List<Detection> detections = scanner.analyse(List.of(DIRECT, TRANSITIVE), this::warn).detections();

        assertThat(detections).extracting(d -> d.dependency().path()).containsExactly(
                List.of("shop@2.0.0", "lodash@4.17.11"), List.of("shop@2.0.0", "express-jwt@0.1.3", "lodash@4.17.4"));
        assertThat(detections.get(0).dependency().remediation())
                .isEqualTo("Upgrade lodash to 4.17.12 or later: npm install lodash@4.17.12.");
        assertThat(detections.get(1).dependency().remediation())
                .startsWith("lodash 4.17.4 comes in through express-jwt@0.1.3; pin it with npm's overrides")
                .doesNotContain("npm install lodash@");
    }

    @Test
    void shouldOfferTheCommandForADirectDependencyAndTheFixedVersionAloneForATransitiveOne() throws IOException {
        ScaScanner scanner = scannerWith(List.of(TestData.advisory("ghsa/GHSA-jf85-cpcp-j695.json")));
        List<Detection> detections = scanner.analyse(List.of(DIRECT, TRANSITIVE), this::warn).detections();

        assertThat(detections.get(0).fixAvailable()).isEqualTo("npm install lodash@4.17.12");
        assertThat(detections.get(0).help().fix()).contains("(npm install lodash@4.17.12)");
        assertThat(detections.get(1).fixAvailable()).isEqualTo("4.17.12");
        assertThat(detections.get(1).help().fix()).isEqualTo("Upgrade lodash to 4.17.12 or later.");
    }

    @Test
    void shouldOfferNoFixForATransitiveDependencyWithoutAFixedVersion() {
        Dependency transitive = new Dependency(Ecosystem.NPM, "left-pad", "1.0.0", "package-lock.json", 3, false,
                false, ROOT.then("left-pad", "1.0.0"));
        Match unfixed = new Match(transitive, "GHSA-test-0000-0001", List.of(), "Test", Severity.HIGH, "",
                Optional.empty(), Optional.empty(), false);

        assertThat(ScaScanner.fixAvailable(unfixed)).isNull();
    }

    @Test
    void warnsOncePerEcosystemThatHasNoAdvisoryData() throws IOException {
        ScaScanner scanner = scannerWith(List.of(TestData.advisory("ghsa/GHSA-jf85-cpcp-j695.json")));

        scanner.analyse(List.of(
                new Dependency(Ecosystem.PYPI, "django", "3.2.0", "requirements.txt", 1, true, false),
                new Dependency(Ecosystem.PYPI, "flask", "1.0", "requirements.txt", 2, true, false)), this::warn);

        assertThat(warnings).containsExactly("NO_ADVISORY_DATA requirements.txt");
    }

    @Test
    void aSessionKeepsOnlyManifestsAndReportsWhatTheParsersFound() throws IOException {
        ScaScanner.ScaSession session = scannerWith(List.of()).start(this::warn);

        session.scan(new SourceFile("src/App.java", "class App {}".getBytes(StandardCharsets.UTF_8)));
        session.scan(new SourceFile("package-lock.json", "{}".getBytes(StandardCharsets.UTF_8)));

        assertThat(session.finish()).isEmpty();
        assertThat(session.result().dependencies()).isEmpty();
        assertThat(ScaScanner.isManifest("a/b/requirements-dev.txt")).isTrue();
        assertThat(ScaScanner.isManifest("src/App.java")).isFalse();
    }

    @Test
    void theSbomRecommendsTheFixedVersionNotTheCommand() throws IOException {
        ScaScanner.ScaSession session = scannerWith(List.of(TestData.advisory("ghsa/GHSA-jf85-cpcp-j695.json")))
                .start(this::warn);
        String lockfile = """
                {"name": "shop", "version": "2.0.0", "lockfileVersion": 3, "packages": {
                  "": {"name": "shop", "version": "2.0.0", "dependencies": {"lodash": "4.17.11"}},
                  "node_modules/lodash": {"version": "4.17.11"}}}
                """;

        session.scan(new SourceFile("package-lock.json", lockfile.getBytes(StandardCharsets.UTF_8)));
        session.finish();

        JsonNode vulnerability = session.billOfMaterials("scan-1").orElseThrow().path("vulnerabilities").get(0);
        assertThat(vulnerability.path("recommendation").asText()).isEqualTo("Upgrade lodash to 4.17.12 or later.");
    }

    private ScaScanner scannerWith(List<Path> files) throws IOException {
        new AdvisoryImporter(database, repository, Clock.systemUTC()).importPaths(files);
        AdvisoryMatcher matcher = new AdvisoryMatcher(new StoredAdvisories(database, repository));
        return new ScaScanner(matcher);
    }

    private void warn(String code, String message, String path) {
        warnings.add(code + " " + path);
    }
}
