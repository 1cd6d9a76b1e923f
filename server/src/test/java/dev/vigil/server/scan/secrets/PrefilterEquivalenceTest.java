package dev.vigil.server.scan.secrets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.SourceFile;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The compiled keyword prefilter ({@link KeywordIndex}) against the straightforward search of
 * {@link ReferenceKeywords}: the same keyword hits and the same findings, on gitleaks' labelled cases and
 * on a real source tree (this project's own sources, documentation and rules, rich in keywords).
 */
class PrefilterEquivalenceTest {

    private static final RuleBook BOOK = RuleBook.bundled();
    private static final SecretsScanner COMPILED = new SecretsScanner(BOOK);
    private static final KeywordIndex INDEX = new KeywordIndex(BOOK.rules());
    private static final ReferenceKeywords KEYWORDS = new ReferenceKeywords(BOOK.rules());
    private static final SecretsScanner REFERENCE = new SecretsScanner(BOOK, KEYWORDS);

    @Test
    void yieldsTheSameFindingsAsAStraightforwardSearchOnTheLabelledCases() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<SourceFile> files = new ArrayList<>();
        for (String line : Files.readAllLines(SecretsQualityTest.casesFile(), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                JsonNode testCase = json.readTree(line);
                String path = testCase.hasNonNull("path") ? testCase.get("path").asText() : "config.txt";
                files.add(new SourceFile(path, testCase.path("text").asText().getBytes(StandardCharsets.UTF_8)));
            }
        }

        assertSameFindings(files, 2_900);
    }

    @Test
    void yieldsTheSameFindingsAsAStraightforwardSearchOnASourceTree() throws IOException {
        List<SourceFile> files = new ArrayList<>();
        for (Path root : List.of(Path.of("src"), Path.of("../docs"))) {
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path path : walk.filter(Files::isRegularFile).sorted().toList()) {
                    files.add(new SourceFile(path.toString().replace('\\', '/'), Files.readAllBytes(path)));
                }
            }
        }

        assertThat(files).hasSizeGreaterThan(100);
        assertSameFindings(files, 100);
    }

    private static void assertSameFindings(List<SourceFile> files, int atLeast) {
        List<String> compiled = new ArrayList<>();
        List<String> reference = new ArrayList<>();
        for (SourceFile file : files) {
            COMPILED.scanFile(file).forEach(detection -> compiled.add(describe(detection)));
            REFERENCE.scanFile(file).forEach(detection -> reference.add(describe(detection)));
            if (!file.isBinary()) {
                assertThat(KeywordIndexTest.hits(INDEX, file.content())).as("keyword hits in %s", file.path())
                        .isEqualTo(KeywordIndexTest.hits(KEYWORDS, file.content()));
            }
        }
        assertThat(compiled).isEqualTo(reference).hasSizeGreaterThan(atLeast);
    }

    private static String describe(Detection detection) {
        return detection.location() + " " + detection.ruleId() + " " + detection.identity();
    }
}
