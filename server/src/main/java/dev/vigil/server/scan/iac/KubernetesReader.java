package dev.vigil.server.scan.iac;

import java.util.List;
import java.util.Optional;

/**
 * Reads Kubernetes manifests: every document becomes a resource of type {@code k8s:<Kind>}; the pod spec of
 * a Pod, Deployment, StatefulSet, DaemonSet, ReplicaSet, Job or CronJob a {@code k8s_pod}; and every
 * container, init container and ephemeral container of that pod spec a {@code k8s_container} whose
 * context is the pod spec. Addresses read {@code Kind/namespace/name[/container:name]}.
 */
final class KubernetesReader {

    private static final List<String> CONTAINER_LISTS = List.of("containers", "initContainers", "ephemeralContainers");

    private KubernetesReader() {
    }

    static boolean isManifest(Node root) {
        return root.isMap() && !root.textOf("apiVersion").isEmpty() && !root.textOf("kind").isEmpty();
    }

    static void read(Node root, IacFile file) {
        String kind = root.textOf("kind");
        if (kind.equals("List")) {
            root.get("items").ifPresent(items -> items.items().stream().filter(KubernetesReader::isManifest)
                    .forEach(item -> read(item, file)));
            return;
        }
        Node metadata = root.get("metadata").filter(Node::isMap).orElseGet(() -> Node.map(root.line()));
        String namespace = metadata.textOf("namespace").isEmpty() ? "default" : metadata.textOf("namespace");
        String address = kind + "/" + namespace + "/" + metadata.textOf("name");
        int line = root.get("kind").map(Node::line).orElse(root.line());
        file.add(Framework.KUBERNETES, "k8s:" + kind, address, line, root);
        podSpec(kind, root).ifPresent(spec -> {
            file.add(Framework.KUBERNETES, "k8s_pod", address, line, spec);
            for (String list : CONTAINER_LISTS) {
                String label = list.equals("containers") ? "container" : list.substring(0, list.length() - 1);
                spec.get(list).filter(Node::isList).ifPresent(containers -> containers.items().stream()
                        .filter(Node::isMap).forEach(container -> file.add(Framework.KUBERNETES, "k8s_container",
                                address + "/" + label + ":" + container.textOf("name"), container.line(), container,
                                spec)));
            }
        });
    }

    private static Optional<Node> podSpec(String kind, Node root) {
        String path = switch (kind) {
            case "Pod" -> "spec";
            case "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "ReplicationController", "Job" ->
                    "spec.template.spec";
            case "CronJob" -> "spec.jobTemplate.spec.template.spec";
            default -> null;
        };
        return path == null ? Optional.empty() : root.resolve(path).stream().filter(Node::isMap).findFirst();
    }
}
