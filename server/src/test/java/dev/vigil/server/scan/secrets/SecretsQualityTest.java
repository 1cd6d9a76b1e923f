package dev.vigil.server.scan.secrets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.testing.TestData;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Recall and false-positive rate over gitleaks' labelled cases ({@code testdata/secrets/cases.jsonl}),
 * every case counted: recall is the share of positive cases where anything is reported; the false-positive
 * rate is the share of all negative cases where a finding is reported that the data does not label as a
 * true one. The labels are per rule: gitleaks lists each Cloudflare rule's true positives as the other
 * Cloudflare rules' negatives, so a finding on a negative case is a true one only when the same text is a
 * positive case of the finding's rule (its id or an alias); any other finding fires. The share of negatives
 * with any finding at all is printed beside it, and the share of positives that the rule they are labelled for
 * reports (a token whose checksum fails may still meet the generic rule), with the rules whose positives only
 * another rule reports.
 */
class SecretsQualityTest {

    private static final double MIN_RECALL = 0.99;
    private static final double MAX_FALSE_POSITIVE_RATE = 0.02;

    @Test
    void reachesTheRecallAndFalsePositiveTargetsOnGitleaksCasesCountedRaw() throws IOException {
        SecretsScanner scanner = new SecretsScanner();
        List<JsonNode> cases = readCases();
        Set<String> positives = new HashSet<>();
        cases.stream().filter(c -> c.path("expected").asBoolean())
                .forEach(c -> positives.add(c.path("rule_id").asText() + "\n" + c.path("text").asText()));
        Tally tally = new Tally();
        for (JsonNode testCase : cases) {
            List<Detection> detections = scanner.scanFile(fileOf(testCase));
            String text = testCase.path("text").asText();
            boolean wrong = detections.stream().anyMatch(d -> ids(d).stream()
                    .noneMatch(id -> positives.contains(id + "\n" + text)));
            boolean byItsRule = detections.stream().anyMatch(d -> ids(d).contains(testCase.path("rule_id").asText()));
            tally.add(testCase, !detections.isEmpty(), wrong, byItsRule);
        }
        tally.print();
        assertThat(tally.recall()).isGreaterThanOrEqualTo(MIN_RECALL);
        assertThat(tally.falsePositiveRate()).isLessThanOrEqualTo(MAX_FALSE_POSITIVE_RATE);
    }

    private static List<String> ids(Detection detection) {
        List<String> ids = new ArrayList<>(detection.aliases());
        ids.add(detection.ruleId());
        return ids;
    }

    /** The counts behind the rates, and what was missed, reported wrongly or reported by another rule only. */
    private static final class Tally {
        private int positives;
        private int found;
        private int foundByItsRule;
        private int negatives;
        private int falsePositives;
        private int anyFinding;
        private final List<String> misses = new ArrayList<>();
        private final Map<String, Integer> elsewhere = new TreeMap<>();

        void add(JsonNode testCase, boolean reported, boolean wrong, boolean byItsRule) {
            String rule = testCase.path("rule_id").asText();
            if (testCase.path("expected").asBoolean()) {
                positives++;
                found += reported ? 1 : 0;
                foundByItsRule += byItsRule ? 1 : 0;
                note(!reported, "missed " + rule);
                if (reported && !byItsRule) {
                    elsewhere.merge(rule, 1, Integer::sum);
                }
            } else {
                negatives++;
                falsePositives += wrong ? 1 : 0;
                anyFinding += reported ? 1 : 0;
                note(wrong, "false positive " + rule);
            }
        }

        private void note(boolean condition, String miss) {
            if (condition) {
                misses.add(miss);
            }
        }

        double recall() {
            return (double) found / positives;
        }

        double falsePositiveRate() {
            return (double) falsePositives / negatives;
        }

        void print() {
            System.out.printf("secrets quality: recall %.2f%% (%d/%d), false-positive rate %.2f%% (%d/%d negatives)%n",
                    100 * recall(), found, positives, 100 * falsePositiveRate(), falsePositives, negatives);
            System.out.printf("secrets quality: negatives with any finding, true ones of another rule included "
                    + "%.2f%% (%d/%d)%n", 100.0 * anyFinding / negatives, anyFinding, negatives);
            System.out.printf("secrets quality: positives reported by the rule they are labelled for (or an alias) "
                    + "%.2f%% (%d/%d); reported by another rule only: %s%n",
                    100.0 * foundByItsRule / positives, foundByItsRule, positives, elsewhere);
            misses.forEach(miss -> System.out.println("  " + miss));
        }
    }

    private static List<JsonNode> readCases() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> cases = new ArrayList<>();
        for (String line : Files.readAllLines(casesFile(), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                cases.add(json.readTree(line));
            }
        }
        return cases;
    }

    private static SourceFile fileOf(JsonNode testCase) {
        String path = testCase.hasNonNull("path") ? testCase.get("path").asText() : "config.txt";
        return new SourceFile(path, testCase.path("text").asText().getBytes(StandardCharsets.UTF_8));
    }

    static Path casesFile() {
        return TestData.file("secrets/cases.jsonl");
    }
}
