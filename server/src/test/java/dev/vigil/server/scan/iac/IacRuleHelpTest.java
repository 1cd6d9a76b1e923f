package dev.vigil.server.scan.iac;

import dev.vigil.server.scan.RuleHelp;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Every rule says what it means: its risk, its fix, the provider's documentation, its CWE and its equivalents. */
class IacRuleHelpTest {

    @Test
    void everyRuleHasARiskAFixAndReferencesToItsDocumentationCweAndAliases() {
        for (IacRule rule : new IacScanner().book().rules()) {
            RuleHelp help = rule.help();
            assertThat(help.risk()).as("risk of %s", rule.id()).isNotBlank().endsWith(".");
            assertThat(help.fix()).as("fix of %s", rule.id()).isEqualTo(rule.fix());
            assertThat(help.uri()).as("documentation of %s", rule.id()).startsWith("https://");
            assertThat(help.references()).as("references of %s", rule.id()).first().isEqualTo(help.uri());
            String references = String.join(" ", help.references());
            assertThat(references).as("references of %s", rule.id())
                    .contains(rule.cwe() + " https://cwe.mitre.org/data/definitions/" + rule.cwe().substring(4) + ".html");
            rule.aliases().forEach(alias -> assertThat(references).as("references of %s", rule.id()).contains(alias));
        }
    }

    @Test
    void linksEachFrameworksResourceToItsReferencePage() {
        assertThat(IacRuleHelp.docs(Framework.TERRAFORM, "google_container_node_pool"))
                .isEqualTo("https://registry.terraform.io/providers/hashicorp/google/latest/docs/resources/container_node_pool");
        assertThat(IacRuleHelp.docs(Framework.TERRAFORM, "oci_objectstorage_bucket"))
                .isEqualTo("https://registry.terraform.io/providers/oracle/oci/latest/docs/resources/objectstorage_bucket");
        assertThat(IacRuleHelp.docs(Framework.CLOUDFORMATION, "AWS::S3::Bucket"))
                .isEqualTo("https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/aws-resource-s3-bucket.html");
        assertThat(IacRuleHelp.docs(Framework.KUBERNETES, "k8s_container"))
                .isEqualTo("https://kubernetes.io/docs/concepts/security/pod-security-standards/");
        assertThat(IacRuleHelp.docs(Framework.DOCKERFILE, "dockerfile_stage")).isEqualTo("https://docs.docker.com/reference/dockerfile/");
    }
}
