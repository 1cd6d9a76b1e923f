package dev.vigil.server.scan.iac;

import java.util.List;

/** Dockerfile checks that need the stages around an instruction. */
final class DockerRules {

    private DockerRules() {
    }

    private static List<Node> instructions(IacResource resource) {
        return resource.body().resolve("instructions").stream().flatMap(list -> list.items().stream()).toList();
    }

    /** The final stage runs as root: no {@code USER}, or the last one is root or 0. */
    static int rootUser(IacResource resource) {
        if (!resource.body().get("final").map(Node::isTrue).orElse(false)) {
            return 0;
        }
        Node last = null;
        for (Node instruction : instructions(resource)) {
            if (instruction.textOf("cmd").equals("USER")) {
                last = instruction;
            }
        }
        if (last == null) {
            return resource.line();
        }
        String user = last.textOf("args").strip();
        int colon = user.indexOf(':');
        user = colon < 0 ? user : user.substring(0, colon);
        return user.equals("root") || user.equals("0") ? last.line() : 0;
    }

    /** {@code FROM image} without a tag or digest, or with {@code :latest}, other than an earlier stage. */
    static int latestTag(IacResource resource) {
        String image = resource.body().textOf("from");
        if (image.isEmpty() || image.equals("scratch") || image.contains("$") || image.contains("@")) {
            return 0;
        }
        if (resource.body().textOf("from_stage").equals("true")) {
            return 0;
        }
        String last = image.substring(image.lastIndexOf('/') + 1);
        int colon = last.indexOf(':');
        return colon < 0 || last.substring(colon + 1).equals("latest") ? resource.line() : 0;
    }

    /** {@code COPY --from=<this stage>}. */
    static int copyFromItself(IacResource resource) {
        String name = resource.body().textOf("name");
        String index = resource.body().textOf("index");
        for (Node instruction : instructions(resource)) {
            if (!instruction.textOf("cmd").equals("COPY")) {
                continue;
            }
            for (String word : DockerfileReader.words(instruction.textOf("args"))) {
                if (word.startsWith("--from=")) {
                    String from = word.substring("--from=".length());
                    if (from.equalsIgnoreCase(name) && !name.isEmpty() || from.equals(index)) {
                        return instruction.line();
                    }
                }
            }
        }
        return 0;
    }
}
