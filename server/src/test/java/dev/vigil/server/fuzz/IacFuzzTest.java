package dev.vigil.server.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The infrastructure-as-code readers over hostile bytes, through the engine with every rule: HCL, Terraform
 * JSON, Terraform evaluated across files, YAML for Kubernetes and CloudFormation, JSON CloudFormation and
 * Dockerfiles.
 */
class IacFuzzTest {

    @FuzzTest
    void terraform(byte[] input) {
        Engines.iac("main.tf", input);
    }

    /**
     * A root module, the local modules it may call, and its variable definitions files, split at NUL bytes:
     * evaluation across files (variables, locals, module arguments and outputs, count, dynamic blocks).
     */
    @FuzzTest
    void terraformEvaluation(byte[] input) {
        Engines.iac(List.of("main.tf", "terraform.tfvars", "modules/a/main.tf", "modules/b/main.tf",
                "modules/a/x.auto.tfvars", "variables.tf.json"), input);
    }

    @FuzzTest
    void terraformJson(byte[] input) {
        Engines.iac("main.tf.json", input);
    }

    @FuzzTest
    void kubernetesYaml(byte[] input) {
        Engines.iac("deploy.yaml", withMarker("apiVersion: v1\nkind: Pod\n", input));
    }

    @FuzzTest
    void cloudFormationYaml(byte[] input) {
        Engines.iac("template.yaml", withMarker("AWSTemplateFormatVersion: '2010-09-09'\n", input));
    }

    @FuzzTest
    void cloudFormationJson(byte[] input) {
        Engines.iac("template.json", input);
    }

    @FuzzTest
    void dockerfile(byte[] input) {
        Engines.iac("Dockerfile", input);
    }

    /** The words the engine looks for before it parses a YAML file, so that every input reaches the parser. */
    private static byte[] withMarker(String marker, byte[] input) {
        byte[] head = marker.getBytes(StandardCharsets.UTF_8);
        byte[] out = Arrays.copyOf(head, head.length + input.length);
        System.arraycopy(input, 0, out, head.length, input.length);
        return out;
    }
}
