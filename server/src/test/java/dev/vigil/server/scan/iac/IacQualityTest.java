package dev.vigil.server.scan.iac;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.testing.TestData;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Recall and specificity of the rules against the reference tools' own cases, by alias: for every case of
 * {@code testdata/iac/trivy-cases.jsonl} whose check a rule of the case's framework names as an alias,
 * the bad example must be flagged by that rule and the good one must not; for every Checkov Terraform
 * fixture whose check a Terraform rule names (its files scanned together, as one module), each failing
 * resource address must be flagged by that rule and each passing one must not. Rules are general: no case text or address is known to them.
 * It prints, per framework and provider, the coverage (catalogue check ids a rule of the framework aliases,
 * {@link IacCatalogue}), the recall (bad cases flagged) and the silence (good cases not flagged), and fails
 * when recall or silence of a source and framework drops below 95% and 97%.
 */
class IacQualityTest {

    private static final double MIN_RECALL = 0.95;
    private static final double MIN_SILENCE = 0.97;

    private final IacScanner scanner = new IacScanner();
    private final Map<String, Tally> tallies = new TreeMap<>();
    private final Map<String, Tally> rows = new TreeMap<>();
    private final List<String> misses = new ArrayList<>();

    @Test
    void flagsTheBadCasesAndPassesTheGoodOnesOfTheReferenceTools() throws IOException {
        Map<String, List<IacRule>> byAlias = new HashMap<>();
        scanner.book().rules().forEach(rule -> rule.aliases().forEach(
                alias -> byAlias.computeIfAbsent(alias, key -> new ArrayList<>()).add(rule)));
        ObjectMapper json = new ObjectMapper();
        for (String line : Files.readAllLines(data().resolve("iac/trivy-cases.jsonl"), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                trivyCase(json.readTree(line), byAlias);
            }
        }
        for (String line : Files.readAllLines(data().resolve("iac/checkov-terraform-cases.jsonl"), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                checkovCase(json.readTree(line), byAlias);
            }
        }
        printTable(IacCatalogue.read(data()));
        tallies.forEach((name, tally) -> System.out.printf(
                "iac quality %-24s recall %6.2f%% (%d/%d)  silence %6.2f%% (%d/%d)%n", name,
                100 * tally.recall(), tally.flagged, tally.bad, 100 * tally.silence(), tally.silent, tally.good));
        misses.forEach(miss -> System.out.println("  " + miss));
        tallies.forEach((name, tally) -> {
            assertThat(tally.recall()).as("recall on %s", name).isGreaterThanOrEqualTo(MIN_RECALL);
            assertThat(tally.silence()).as("silence on %s", name).isGreaterThanOrEqualTo(MIN_SILENCE);
        });
    }

    private void printTable(IacCatalogue catalogue) {
        System.out.printf("iac quality | %-26s | %8s | %8s | %8s | %-17s | %-17s |%n",
                "framework/provider", "checks", "aliased", "coverage", "recall", "silence");
        catalogue.idsByRow().forEach((row, ids) -> {
            Framework framework = Framework.of(row.substring(0, row.indexOf('/')));
            Set<String> aliased = new HashSet<>();
            scanner.book().rules().stream().filter(rule -> rule.framework() == framework)
                    .forEach(rule -> aliased.addAll(rule.aliases()));
            long covered = ids.stream().filter(aliased::contains).count();
            Tally tally = rows.getOrDefault(row, new Tally());
            System.out.printf("iac quality | %-26s | %8d | %8d | %7.1f%% | %6.2f%% %4d/%-4d | %6.2f%% %4d/%-4d |%n", row,
                    ids.size(), covered, 100.0 * covered / ids.size(), 100 * tally.recall(), tally.flagged, tally.bad,
                    100 * tally.silence(), tally.silent, tally.good);
        });
    }

    private void trivyCase(JsonNode testCase, Map<String, List<IacRule>> byAlias) {
        Framework framework = Framework.of(testCase.path("framework").asText());
        List<IacRule> rules = byAlias.getOrDefault(testCase.path("avd_id").asText(), List.of()).stream()
                .filter(rule -> rule.framework() == framework).toList();
        if (rules.isEmpty()) {
            return;
        }
        String path = switch (framework) {
            case TERRAFORM -> "main.tf";
            case CLOUDFORMATION -> testCase.path("text").asText().strip().startsWith("{") ? "template.json" : "template.yaml";
            case KUBERNETES -> "manifest.yaml";
            case DOCKERFILE -> "Dockerfile";
        };
        List<Detection> detections = scan(path, testCase.path("text").asText());
        boolean bad = testCase.path("expected").asBoolean();
        for (IacRule rule : rules) {
            boolean flagged = detections.stream().anyMatch(d -> d.ruleId().equals(rule.id()));
            record("trivy/" + framework.wire(), framework.wire() + "/" + IacCatalogue.providerOfTrivy(
                    testCase.path("avd_id").asText()), bad, flagged,
                    rule.id() + " " + testCase.path("avd_id").asText() + (bad ? " missed" : " false positive"));
        }
    }

    private void checkovCase(JsonNode testCase, Map<String, List<IacRule>> byAlias) {
        List<IacRule> rules = byAlias.getOrDefault(testCase.path("check_id").asText(), List.of()).stream()
                .filter(rule -> rule.framework() == Framework.TERRAFORM).toList();
        if (rules.isEmpty()) {
            return;
        }
        String row = "terraform/" + IacCatalogue.providerOfCheckov(testCase.path("check_module").asText());
        Scanner.Session session = scanner.start((code, message, file) -> {
        });
        testCase.path("files").properties().forEach(file -> session.scan(
                new SourceFile(file.getKey(), file.getValue().asText().getBytes(StandardCharsets.UTF_8))));
        List<Detection> detections = session.finish();
        for (IacRule rule : rules) {
            for (JsonNode address : testCase.path("failing")) {
                record("checkov/terraform", row, true, flagged(detections, rule, address.asText()),
                        rule.id() + " " + testCase.path("check_id").asText() + " missed " + address.asText());
            }
            for (JsonNode address : testCase.path("passing")) {
                record("checkov/terraform", row, false, flagged(detections, rule, address.asText()),
                        rule.id() + " " + testCase.path("check_id").asText() + " false positive " + address.asText());
            }
        }
    }

    private static boolean flagged(List<Detection> detections, IacRule rule, String address) {
        return detections.stream().anyMatch(d -> d.ruleId().equals(rule.id()) && d.identity().equals(address));
    }

    private void record(String name, String row, boolean bad, boolean flagged, String miss) {
        tallies.computeIfAbsent(name, key -> new Tally()).count(bad, flagged);
        rows.computeIfAbsent(row, key -> new Tally()).count(bad, flagged);
        if (bad != flagged) {
            misses.add(name + " " + miss);
        }
    }

    private List<Detection> scan(String path, String text) {
        return scanner.scanFile(new SourceFile(path, text.getBytes(StandardCharsets.UTF_8)), (code, message, file) -> {
        });
    }

    static Path data() {
        return TestData.file("");
    }

    private static final class Tally {
        int bad;
        int flagged;
        int good;
        int silent;

        void count(boolean bad, boolean flagged) {
            if (bad) {
                this.bad++;
                this.flagged += flagged ? 1 : 0;
            } else {
                good++;
                silent += flagged ? 0 : 1;
            }
        }

        double recall() {
            return bad == 0 ? 1 : (double) flagged / bad;
        }

        double silence() {
            return good == 0 ? 1 : (double) silent / good;
        }
    }
}
