package dev.vigil.server.scan.iac;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parsed {@code .tf} files of one scan, grouped by directory: Terraform reads every file of a directory
 * as one module, so variables, locals and related resources (a bucket in {@code main.tf}, its versioning in
 * {@code s3.tf}) are looked up across the module.
 */
final class TerraformModules {

    private record Parsed(String path, List<HclBlock> blocks) {
    }

    private final Map<String, List<Parsed>> byDirectory = new LinkedHashMap<>();

    void add(String path, List<HclBlock> blocks) {
        int slash = path.lastIndexOf('/');
        String directory = slash < 0 ? "" : path.substring(0, slash);
        byDirectory.computeIfAbsent(directory, key -> new ArrayList<>()).add(new Parsed(path, blocks));
    }

    /** Every file, in the order added per directory, read with what its module knows. */
    List<IacFile> files() {
        List<IacFile> all = new ArrayList<>();
        for (List<Parsed> module : byDirectory.values()) {
            Map<String, Node> known = new HashMap<>();
            module.forEach(parsed -> TerraformReader.collectKnown(parsed.blocks(), known));
            List<IacFile> files = module.stream()
                    .map(parsed -> TerraformReader.resources(parsed.path(), parsed.blocks(), known)).toList();
            IacModule joined = new IacModule(files);
            files.forEach(file -> file.joinModule(joined));
            all.addAll(files);
        }
        return all;
    }
}
