package dev.vigil.server.scan.secrets;

import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.RuleHelp;
import dev.vigil.server.scan.SourceFile;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Every secrets rule says what it means: the risk, how to revoke it at the provider, and its references. */
class SecretRuleHelpTest {

    private static final SecretsScanner SCANNER = new SecretsScanner();

    @Test
    void everyRuleHasARiskARevocationPageAndReferencesToItsCweAndGitleaksIds() {
        for (SecretRule rule : SCANNER.book().rules()) {
            RuleHelp help = rule.help();
            assertThat(help.risk()).as("risk of %s", rule.id()).isNotBlank().endsWith(".");
            assertThat(help.fix()).as("fix of %s", rule.id()).startsWith("Revoke or rotate it at ").contains(help.uri());
            assertThat(help.uri()).as("page of %s", rule.id()).startsWith("https://");
            assertThat(help.references()).as("references of %s", rule.id()).first().isEqualTo(help.uri());
            assertThat(help.references()).as("references of %s", rule.id())
                    .contains(rule.cwe() + " https://cwe.mitre.org/data/definitions/" + rule.cwe().substring(4) + ".html");
            rule.aliases().forEach(alias -> assertThat(help.references()).contains(alias + " (gitleaks)"));
        }
    }

    @Test
    void looksUpEveryBundledRulesHelpByItsId() {
        assertThat(SecretsScanner.bundledRuleHelp()).hasSize(SCANNER.ruleCount());
        for (SecretRule rule : SCANNER.book().rules()) {
            assertThat(SecretsScanner.helpOf(rule.id())).as("help of %s", rule.id()).contains(rule.help());
        }
        assertThat(SecretsScanner.helpOf("no-such-rule")).isEmpty();
    }

    @Test
    void namesTheProviderOfTheLongestPrefixAndItsOwnPage() {
        RuleHelp session = SecretsScanner.helpOf("aws-session-token").orElseThrow();
        RuleHelp accessKey = SecretsScanner.helpOf("aws-access-token").orElseThrow();
        assertThat(accessKey.uri()).isEqualTo("https://docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_access-keys.html");
        assertThat(session.uri()).isNotEqualTo(accessKey.uri()).contains("id_credentials_temp");
        assertThat(accessKey.risk()).contains("AWS access key ID", "at AWS");
    }

    @Test
    void listsTheGitleaksIdOnlyForRulesThatHaveOne() {
        assertThat(SecretsScanner.helpOf("github-pat").orElseThrow().references()).contains("github-pat (gitleaks)");
        assertThat(SecretsScanner.helpOf("aws-secret-access-key").orElseThrow().references())
                .contains("aws-access-token (gitleaks)").doesNotContain("aws-secret-access-key (gitleaks)");
    }

    @Test
    void aFindingCarriesItsRulesHelpAndFix() {
        List<Detection> detections = SCANNER.scanFile(new SourceFile("settings.py",
                "STRIPE_KEY = 'sk_live_Rb81qTmZ0vKe5WnJx3Hc7LsA'\n".getBytes(StandardCharsets.UTF_8)));
        assertThat(detections).extracting(Detection::ruleId).containsExactly("stripe-access-token");
        Detection detection = detections.getFirst();
        assertThat(detection.help()).isEqualTo(SecretsScanner.helpOf("stripe-access-token").orElseThrow());
        assertThat(detection.fixAvailable()).contains("Stripe", "https://docs.stripe.com/keys");
    }
}
