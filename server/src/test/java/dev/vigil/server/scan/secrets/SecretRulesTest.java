package dev.vigil.server.scan.secrets;

import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.SourceFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every rule's own examples: what it must find and what it must not. */
class SecretRulesTest {

    private static final SecretsScanner SCANNER = new SecretsScanner();

    static Stream<Arguments> shouldFind() {
        return SCANNER.book().rules().stream()
                .flatMap(rule -> rule.shouldFind().stream().map(example -> Arguments.of(rule.id(), example)));
    }

    static Stream<Arguments> shouldNotFind() {
        return SCANNER.book().rules().stream()
                .flatMap(rule -> rule.shouldNotFind().stream().map(example -> Arguments.of(rule.id(), example)));
    }

    @ParameterizedTest(name = "{0} finds example {index}")
    @MethodSource("shouldFind")
    void everyRuleFindsItsOwnExamples(String ruleId, String example) {
        assertThat(ruleIdsFor(ruleId, example)).contains(ruleId);
    }

    @ParameterizedTest(name = "{0} ignores example {index}")
    @MethodSource("shouldNotFind")
    void everyRuleIgnoresItsOwnCounterExamples(String ruleId, String example) {
        assertThat(ruleIdsFor(ruleId, example)).doesNotContain(ruleId);
    }

    @Test
    void bundlesAtLeastOneHundredRulesWithUniqueIds() {
        List<SecretRule> rules = SCANNER.book().rules();
        Set<String> ids = new HashSet<>();
        rules.forEach(rule -> assertThat(ids.add(rule.id())).as("unique id %s", rule.id()).isTrue());
        assertThat(rules).hasSizeGreaterThanOrEqualTo(100);
        assertThat(SCANNER.ruleCount()).isEqualTo(rules.size());
    }

    @Test
    void everyRuleHasExamplesOfBothKinds() {
        for (SecretRule rule : SCANNER.book().rules()) {
            assertThat(rule.shouldFind()).as("should-find examples of %s", rule.id()).isNotEmpty();
            assertThat(rule.shouldNotFind()).as("should-not-find examples of %s", rule.id()).isNotEmpty();
        }
    }

    @Test
    void everyRuleIsKebabCaseWithCweAndKeywords() {
        for (SecretRule rule : SCANNER.book().rules()) {
            assertThat(rule.id()).matches("[a-z0-9]+(-[a-z0-9]+)*");
            assertThat(rule.cwe()).matches("CWE-\\d+");
            assertThat(rule.keywords()).isNotEmpty();
            assertThat(rule.title()).isNotBlank();
        }
    }

    private static List<String> ruleIdsFor(String ruleId, String example) {
        SecretRule rule = SCANNER.book().rules().stream().filter(r -> r.id().equals(ruleId)).findFirst().orElseThrow();
        SourceFile file = new SourceFile(rule.examplePath(), example.getBytes(StandardCharsets.UTF_8));
        return SCANNER.scanFile(file).stream().map(Detection::ruleId).toList();
    }
}
