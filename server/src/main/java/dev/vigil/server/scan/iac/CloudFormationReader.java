package dev.vigil.server.scan.iac;

/** Reads the {@code Resources} of a CloudFormation template (YAML or JSON); the body is {@code Properties}. */
final class CloudFormationReader {

    private CloudFormationReader() {
    }

    /** Whether a parsed document is a CloudFormation template. */
    static boolean isTemplate(Node root) {
        if (!root.isMap()) {
            return false;
        }
        if (root.get("AWSTemplateFormatVersion").isPresent()) {
            return true;
        }
        return root.get("Resources").filter(Node::isMap).map(resources -> resources.fields().values().stream()
                .anyMatch(resource -> resource.textOf("Type").startsWith("AWS::"))).orElse(false);
    }

    static void read(Node root, IacFile file) {
        Node resources = root.get("Resources").filter(Node::isMap).orElse(null);
        if (resources == null) {
            return;
        }
        resources.fields().forEach((name, resource) -> {
            if (resource.isMap() && !resource.textOf("Type").isEmpty()) {
                Node body = resource.get("Properties").filter(Node::isMap).orElseGet(() -> Node.map(resource.line()));
                file.add(Framework.CLOUDFORMATION, resource.textOf("Type"), "Resources." + name, resource.line(), body);
            }
        });
    }
}
