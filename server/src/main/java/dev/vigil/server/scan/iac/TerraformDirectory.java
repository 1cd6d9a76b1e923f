package dev.vigil.server.scan.iac;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Terraform files of one directory, which Terraform reads as one module: their blocks, and the
 * variables, locals, outputs and module calls declared across them; with the values of
 * {@code terraform.tfvars} and {@code *.auto.tfvars} (later files in name order win), used when the
 * directory is a root module.
 */
final class TerraformDirectory {

    /** One parsed {@code .tf} file. */
    record File(String path, List<HclBlock> blocks) {
    }

    /** A {@code module} block and the file it is in. */
    record Call(String name, HclBlock block, String path) {
    }

    private final String path;
    private final List<File> files = new ArrayList<>();
    private final Map<String, Node> variables = new LinkedHashMap<>();
    private final Map<String, Node> locals = new LinkedHashMap<>();
    private final Map<String, Node> outputs = new LinkedHashMap<>();
    private final Map<String, Call> calls = new LinkedHashMap<>();
    private final TreeMap<String, Node> variableFiles = new TreeMap<>();
    private Node values;

    TerraformDirectory(String path) {
        this.path = path;
    }

    /** The directory's path in the archive, {@code ""} at the top. */
    String path() {
        return path;
    }

    void add(String filePath, List<HclBlock> blocks) {
        files.add(new File(filePath, blocks));
        for (HclBlock block : blocks) {
            switch (block.type()) {
                case "variable" -> variables.putIfAbsent(block.label(0), block.body());
                case "locals" -> block.body().fields().forEach(locals::putIfAbsent);
                case "output" -> block.body().get("value").ifPresent(value -> outputs.putIfAbsent(block.label(0), value));
                case "module" -> calls.putIfAbsent(block.label(0), new Call(block.label(0), block, filePath));
                default -> {
                }
            }
        }
    }

    /** Adds a variable definitions file: {@code terraform.tfvars} counts before every {@code *.auto.tfvars}. */
    void addValues(String fileName, Node attributes) {
        variableFiles.put((fileName.startsWith("terraform.tfvars") ? "0" : "1") + fileName, attributes);
        values = null;
    }

    List<File> files() {
        return files;
    }

    /** The body of {@code variable "name"}, or null. */
    Node variable(String name) {
        return variables.get(name);
    }

    Node local(String name) {
        return locals.get(name);
    }

    Node output(String name) {
        return outputs.get(name);
    }

    Map<String, Call> calls() {
        return calls;
    }

    /** The value a variable definitions file gives {@code name}, or null. */
    Node value(String name) {
        if (values == null) {
            values = Node.map(1);
            variableFiles.values().forEach(file -> file.fields().forEach(values::put));
        }
        return values.fields().get(name);
    }

    /**
     * The directory a local {@code source} ({@code ./modules/x}, {@code ../common}) names from this one, or
     * null for a registry, Git or HTTP source, or a path that leaves the archive.
     */
    String resolve(String source) {
        if (!source.startsWith("./") && !source.startsWith("../") && !source.equals(".") && !source.equals("..")) {
            return null;
        }
        List<String> segments = new ArrayList<>(path.isEmpty() ? List.of() : List.of(path.split("/")));
        for (String segment : source.split("/")) {
            if (segment.equals("..")) {
                if (segments.isEmpty()) {
                    return null;
                }
                segments.removeLast();
            } else if (!segment.isEmpty() && !segment.equals(".")) {
                segments.add(segment);
            }
        }
        return String.join("/", segments);
    }
}
