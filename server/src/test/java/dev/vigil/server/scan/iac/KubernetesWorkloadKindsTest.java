package dev.vigil.server.scan.iac;

import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.SourceFile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** Container and pod rules judge the pod template of every workload kind, wherever the kind keeps it. */
class KubernetesWorkloadKindsTest {

    private static final IacScanner SCANNER = new IacScanner();

    private static final String POD_SPEC = """
            hostNetwork: true
            containers:
              - name: app
                image: registry.example.com/app:1.4.2
                securityContext:
                  privileged: true
                  capabilities:
                    add: [SYS_MODULE]
            """;

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "Pod, v1, ''",
            "Deployment, apps/v1, template",
            "StatefulSet, apps/v1, template",
            "DaemonSet, apps/v1, template",
            "Job, batch/v1, template",
            "CronJob, batch/v1, jobTemplate"})
    void flagsTheContainersAndThePodOfEveryWorkloadKind(String kind, String apiVersion, String nesting) {
        String manifest = "apiVersion: " + apiVersion + "\nkind: " + kind + "\nmetadata:\n  name: web\n  namespace: shop\nspec:\n"
                + indent(switch (nesting) {
                    case "template" -> "template:\n  spec:\n" + indent(POD_SPEC, 4);
                    case "jobTemplate" -> "schedule: \"0 3 * * *\"\njobTemplate:\n  spec:\n    template:\n      spec:\n" + indent(POD_SPEC, 8);
                    default -> POD_SPEC;
                }, 2);
        List<Detection> detections = SCANNER.scanFile(new SourceFile("web.yaml", manifest.getBytes(StandardCharsets.UTF_8)),
                (code, message, file) -> {
                });
        assertThat(detections).extracting(Detection::ruleId, Detection::identity).contains(
                tuple("k8s-privileged-container", kind + "/shop/web/container:app"),
                tuple("k8s-sys-module-added", kind + "/shop/web/container:app"),
                tuple("k8s-host-network", kind + "/shop/web"));
    }

    private static String indent(String text, int spaces) {
        return text.lines().map(line -> line.isEmpty() ? line : " ".repeat(spaces) + line)
                .reduce("", (all, line) -> all + line + "\n");
    }
}
