package dev.vigil.server.scan.iac;

import dev.vigil.server.scan.RuleHelp;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@link RuleHelp} of an IaC rule: its own {@code risk} and {@code docs} where the rule file gives them,
 * otherwise the risk of its CWE and the documentation page of its first resource type (the Terraform
 * registry, the CloudFormation user guide, the Kubernetes or Docker reference); then the CWE and the
 * Checkov and Trivy ids it matches (docs/adr/0056-iac-rules-say-what-they-mean.md).
 */
final class IacRuleHelp {

    private static final Map<String, String> RISK_OF_CWE = Map.ofEntries(
            Map.entry("CWE-284", "Access is wider than it needs to be: anyone who reaches the resource can read or change it."),
            Map.entry("CWE-311", "Data is stored without encryption: a leaked disk, snapshot or backup exposes it."),
            Map.entry("CWE-312", "Sensitive data is kept in clear text where others can read it."),
            Map.entry("CWE-319", "Data travels in clear text and can be read or changed on the way."),
            Map.entry("CWE-326", "The encryption is too weak to resist a determined attacker."),
            Map.entry("CWE-327", "An outdated protocol or cipher lets an attacker on the path read or change the traffic."),
            Map.entry("CWE-320", "Keys are not managed well enough: not rotated, or held by the provider instead of you."),
            Map.entry("CWE-778", "Activity is not logged, so an intrusion goes unnoticed and cannot be investigated."),
            Map.entry("CWE-693", "A protection the platform offers is switched off."),
            Map.entry("CWE-710", "The configuration departs from good practice and makes failures or attacks more likely."),
            Map.entry("CWE-250", "The workload runs with more privileges than it needs: a compromise reaches the host or the cluster."),
            Map.entry("CWE-269", "Privileges are granted too broadly and can be used to take over other resources."),
            Map.entry("CWE-732", "Permissions on the resource let more principals act on it than intended."),
            Map.entry("CWE-668", "The resource is exposed to a wider sphere than intended."),
            Map.entry("CWE-521", "Weak passwords are accepted and fall to guessing."),
            Map.entry("CWE-798", "A credential is written in the code, where everyone who reads it can use it."),
            Map.entry("CWE-770", "Resources are not limited, so one workload can exhaust what others need."),
            Map.entry("CWE-1357", "The software comes from a source that is not pinned or verified."),
            Map.entry("CWE-754", "A failure is not detected, so the service keeps running broken."),
            Map.entry("CWE-262", "Passwords never expire, so a leaked one stays useful."),
            Map.entry("CWE-1104", "Unmaintained or unpinned components bring known vulnerabilities."),
            Map.entry("CWE-918", "The service can be made to fetch internal addresses, such as instance metadata credentials."),
            Map.entry("CWE-494", "Code is downloaded without checking its integrity."),
            Map.entry("CWE-354", "Integrity is not verified, so tampered data is accepted."),
            Map.entry("CWE-345", "The origin of the data is not verified."),
            Map.entry("CWE-287", "Requests are accepted without proper authentication."),
            Map.entry("CWE-306", "A critical function is reachable without authentication."),
            Map.entry("CWE-308", "Only one authentication factor protects the account."),
            Map.entry("CWE-538", "Sensitive information ends up in a place others can read."),
            Map.entry("CWE-489", "A debugging feature is left on in production."),
            Map.entry("CWE-477", "An obsolete feature is used that no longer gets fixes."),
            Map.entry("CWE-444", "Requests can be smuggled between components that parse them differently."),
            Map.entry("CWE-400", "Resource consumption is unbounded and can deny the service."),
            Map.entry("CWE-200", "Information is exposed to actors who should not see it."),
            Map.entry("CWE-1188", "An insecure default is left in place."),
            Map.entry("CWE-530", "Backups are missing or not kept long enough to recover from loss or tampering."),
            Map.entry("CWE-272", "Privileges are not dropped when no longer needed."),
            Map.entry("CWE-16", "The configuration weakens the resource's security."));

    private static final Map<String, String> TERRAFORM_PROVIDERS = Map.of(
            "aws", "hashicorp/aws", "azurerm", "hashicorp/azurerm", "google", "hashicorp/google",
            "alicloud", "aliyun/alicloud", "oci", "oracle/oci", "kubernetes", "hashicorp/kubernetes");

    private IacRuleHelp() {
    }

    static RuleHelp of(RuleDefinition definition, Framework framework) {
        String uri = definition.docs() != null ? definition.docs() : docs(framework, definition.resources().getFirst());
        String risk = definition.risk() != null ? definition.risk()
                : RISK_OF_CWE.getOrDefault(definition.cwe(), "The configuration weakens the resource's security.");
        List<String> references = new ArrayList<>();
        references.add(uri);
        references.add(definition.cwe() + " https://cwe.mitre.org/data/definitions/" + definition.cwe().substring(4) + ".html");
        if (definition.aliases() != null) {
            definition.aliases().forEach(alias -> references.add(alias.startsWith("AVD-")
                    ? alias + " https://avd.aquasec.com/misconfig/" + alias.toLowerCase(Locale.ROOT) : alias + " (Checkov)"));
        }
        return new RuleHelp(risk, definition.fix(), uri, references);
    }

    /** The documentation page of a resource type in its framework. */
    static String docs(Framework framework, String type) {
        return switch (framework) {
            case TERRAFORM -> {
                int cut = type.indexOf('_');
                String provider = cut < 0 ? null : TERRAFORM_PROVIDERS.get(type.substring(0, cut));
                yield provider == null ? "https://developer.hashicorp.com/terraform/language/resources"
                        : "https://registry.terraform.io/providers/" + provider + "/latest/docs/resources/" + type.substring(cut + 1);
            }
            case CLOUDFORMATION -> type.startsWith("AWS::")
                    ? "https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/aws-resource-"
                    + type.substring(5).replace("::", "-").toLowerCase(Locale.ROOT) + ".html"
                    : "https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/aws-template-resource-type-ref.html";
            case KUBERNETES -> type.equals("k8s_container") || type.equals("k8s_pod")
                    ? "https://kubernetes.io/docs/concepts/security/pod-security-standards/"
                    : "https://kubernetes.io/docs/reference/kubernetes-api/";
            case DOCKERFILE -> "https://docs.docker.com/reference/dockerfile/";
        };
    }
}
