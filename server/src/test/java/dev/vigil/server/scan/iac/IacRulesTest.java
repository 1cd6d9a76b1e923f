package dev.vigil.server.scan.iac;

import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.SourceFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every rule's own examples: the bad ones it must flag, the good ones it must not. */
class IacRulesTest {

    private static final IacScanner SCANNER = new IacScanner();

    static Stream<Arguments> badExamples() {
        return SCANNER.book().rules().stream()
                .flatMap(rule -> rule.bad().stream().map(example -> Arguments.of(rule.id(), rule.examplePath(), example)));
    }

    static Stream<Arguments> goodExamples() {
        return SCANNER.book().rules().stream()
                .flatMap(rule -> rule.good().stream().map(example -> Arguments.of(rule.id(), rule.examplePath(), example)));
    }

    @ParameterizedTest(name = "{0} flags bad example {index}")
    @MethodSource("badExamples")
    void everyRuleFlagsItsBadExamples(String ruleId, String path, String example) {
        assertThat(ruleIds(path, example)).contains(ruleId);
    }

    @ParameterizedTest(name = "{0} passes good example {index}")
    @MethodSource("goodExamples")
    void everyRulePassesItsGoodExamples(String ruleId, String path, String example) {
        assertThat(ruleIds(path, example)).doesNotContain(ruleId);
    }

    @Test
    void bundlesAtLeastSixHundredRulesWithUniqueIds() {
        Set<String> ids = new HashSet<>();
        SCANNER.book().rules().forEach(rule -> assertThat(ids.add(rule.id())).as("unique id %s", rule.id()).isTrue());
        assertThat(ids).hasSizeGreaterThanOrEqualTo(600);
    }

    @Test
    void everyRuleHasExamplesOfBothKindsAndItsMetadata() {
        for (IacRule rule : SCANNER.book().rules()) {
            assertThat(rule.bad()).as("bad examples of %s", rule.id()).isNotEmpty();
            assertThat(rule.good()).as("good examples of %s", rule.id()).isNotEmpty();
            assertThat(rule.cwe()).as("cwe of %s", rule.id()).matches("CWE-\\d+");
            assertThat(rule.fix()).as("fix of %s", rule.id()).isNotBlank();
        }
    }

    @Test
    void printsTheRulesPerFrameworkAndProvider() {
        Map<Framework, Integer> counts = new EnumMap<>(Framework.class);
        Map<String, Integer> byProvider = new TreeMap<>();
        SCANNER.book().rules().forEach(rule -> {
            counts.merge(rule.framework(), 1, Integer::sum);
            String type = rule.resources().iterator().next();
            String provider = rule.framework() == Framework.TERRAFORM
                    ? type.replaceFirst("^(data\\.|provider\\.)", "").replaceFirst("_.*", "") : rule.framework().wire();
            byProvider.merge(rule.framework().wire() + "/" + provider, 1, Integer::sum);
        });
        counts.forEach((framework, count) -> System.out.printf("iac rules: %s %d%n", framework.wire(), count));
        byProvider.forEach((row, count) -> System.out.printf("iac rules: %s %d%n", row, count));
        assertThat(counts).containsOnlyKeys(Framework.values());
        assertThat(byProvider).containsKeys("terraform/aws", "terraform/azurerm", "terraform/google", "terraform/alicloud",
                "terraform/oci");
    }

    private static List<String> ruleIds(String path, String example) {
        List<String> warnings = new ArrayList<>();
        List<Detection> detections = SCANNER.scanFile(new SourceFile(path, example.getBytes(StandardCharsets.UTF_8)),
                (code, message, file) -> warnings.add(message));
        assertThat(warnings).as("example parses").isEmpty();
        return detections.stream().map(Detection::ruleId).toList();
    }
}
