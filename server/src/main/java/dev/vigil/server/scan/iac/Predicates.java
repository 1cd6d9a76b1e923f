package dev.vigil.server.scan.iac;

import java.util.Map;
import java.util.Optional;
import java.util.function.ToIntFunction;

/**
 * The named checks that rule data refers to with {@code predicate: name}, for logic that the declarative
 * checks cannot express. Each returns the line of the problem, or 0.
 */
final class Predicates {

    private static final Map<String, ToIntFunction<IacResource>> NAMED = Map.ofEntries(
            Map.entry("aws_sg_open_ssh", resource -> NetworkRules.awsOpenIngress(resource, 22)),
            Map.entry("aws_sg_open_rdp", resource -> NetworkRules.awsOpenIngress(resource, 3389)),
            Map.entry("aws_sg_open_any", resource -> NetworkRules.awsOpenIngress(resource, -1)),
            Map.entry("aws_nacl_open_ssh", resource -> NetworkRules.awsNaclOpen(resource, 22)),
            Map.entry("aws_nacl_open_rdp", resource -> NetworkRules.awsNaclOpen(resource, 3389)),
            Map.entry("azure_nsg_open_ssh", resource -> NetworkRules.azureOpen(resource, 22)),
            Map.entry("azure_nsg_open_rdp", resource -> NetworkRules.azureOpen(resource, 3389)),
            Map.entry("gcp_firewall_open_ssh", resource -> NetworkRules.gcpOpen(resource, 22)),
            Map.entry("gcp_firewall_open_rdp", resource -> NetworkRules.gcpOpen(resource, 3389)),
            Map.entry("gcp_firewall_open_mysql", resource -> NetworkRules.gcpOpen(resource, 3306)),
            Map.entry("gcp_firewall_open_http", resource -> NetworkRules.gcpOpen(resource, 80)),
            Map.entry("iam_policy_full_admin", PolicyRules::fullAdmin),
            Map.entry("iam_policy_wildcard_action", PolicyRules::wildcardAction),
            Map.entry("iam_policy_any_principal", PolicyRules::anyPrincipal),
            Map.entry("k8s_env_secret_literal", ContainerRules::envSecretLiteral),
            Map.entry("k8s_image_untagged_or_latest", ContainerRules::imageLatest),
            Map.entry("docker_root_user", DockerRules::rootUser),
            Map.entry("docker_latest_tag", DockerRules::latestTag),
            Map.entry("docker_copy_from_itself", DockerRules::copyFromItself));

    private Predicates() {
    }

    static Optional<ToIntFunction<IacResource>> named(String name) {
        return Optional.ofNullable(NAMED.get(name));
    }
}
