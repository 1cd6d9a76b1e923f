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
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Recall and specificity of the rules against the reference tools' own cases, by alias: for every case of
 * {@code testdata/iac/trivy-cases.jsonl} whose check a rule of the case's framework names as an alias,
 * the bad example must be flagged by that rule and the good one must not; for every Checkov Terraform
 * fixture whose check a Terraform rule names (its files scanned together, as one module), each failing
 * resource address must be flagged by that rule and each passing one must not. Rules are general: no case text or address is known to them.
 */
class IacQualityTest {

    private static final double MIN_RECALL = 0.90;
    private static final double MIN_SPECIFICITY = 0.95;

    private final IacScanner scanner = new IacScanner();
    private final Map<String, Tally> tallies = new TreeMap<>();
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
        tallies.forEach((name, tally) -> System.out.printf(
                "iac quality %-24s recall %6.2f%% (%d/%d)  specificity %6.2f%% (%d/%d)%n", name,
                100 * tally.recall(), tally.flagged, tally.bad, 100 * tally.specificity(), tally.silent, tally.good));
        misses.forEach(miss -> System.out.println("  " + miss));
        tallies.forEach((name, tally) -> {
            assertThat(tally.recall()).as("recall on %s", name).isGreaterThanOrEqualTo(MIN_RECALL);
            assertThat(tally.specificity()).as("specificity on %s", name).isGreaterThanOrEqualTo(MIN_SPECIFICITY);
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
            record("trivy/" + framework.wire(), bad, flagged,
                    rule.id() + " " + testCase.path("avd_id").asText() + (bad ? " missed" : " false positive"));
        }
    }

    private void checkovCase(JsonNode testCase, Map<String, List<IacRule>> byAlias) {
        List<IacRule> rules = byAlias.getOrDefault(testCase.path("check_id").asText(), List.of()).stream()
                .filter(rule -> rule.framework() == Framework.TERRAFORM).toList();
        if (rules.isEmpty()) {
            return;
        }
        Scanner.Session session = scanner.start((code, message, file) -> {
        });
        testCase.path("files").properties().forEach(file -> session.scan(
                new SourceFile(file.getKey(), file.getValue().asText().getBytes(StandardCharsets.UTF_8))));
        List<Detection> detections = session.finish();
        for (IacRule rule : rules) {
            for (JsonNode address : testCase.path("failing")) {
                record("checkov/terraform", true, flagged(detections, rule, address.asText()),
                        rule.id() + " " + testCase.path("check_id").asText() + " missed " + address.asText());
            }
            for (JsonNode address : testCase.path("passing")) {
                record("checkov/terraform", false, flagged(detections, rule, address.asText()),
                        rule.id() + " " + testCase.path("check_id").asText() + " false positive " + address.asText());
            }
        }
    }

    private static boolean flagged(List<Detection> detections, IacRule rule, String address) {
        return detections.stream().anyMatch(d -> d.ruleId().equals(rule.id()) && d.identity().equals(address));
    }

    private void record(String name, boolean bad, boolean flagged, String miss) {
        Tally tally = tallies.computeIfAbsent(name, key -> new Tally());
        if (bad) {
            tally.bad++;
            tally.flagged += flagged ? 1 : 0;
        } else {
            tally.good++;
            tally.silent += flagged ? 0 : 1;
        }
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

        double recall() {
            return bad == 0 ? 1 : (double) flagged / bad;
        }

        double specificity() {
            return good == 0 ? 1 : (double) silent / good;
        }
    }
}
