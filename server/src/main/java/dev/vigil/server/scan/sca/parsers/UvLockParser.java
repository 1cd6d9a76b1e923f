package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.Ecosystem;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * uv.lock: one {@code [[package]]} per package. The project itself (and workspace members) has a
 * {@code virtual} or {@code editable} source: its {@code dependencies} and optional dependencies are direct
 * production roots, its {@code [package.dev-dependencies]} direct dev roots; dev is what only those reach.
 */
final class UvLockParser implements ManifestParser {

    @Override
    public List<Dependency> parse(SourceFile file, ManifestFiles files) {
        List<TomlTables.Table> packages = new ArrayList<>();
        Map<String, List<String>> edges = new HashMap<>();
        Set<String> production = new HashSet<>();
        Set<String> development = new HashSet<>();
        Set<String> local = new HashSet<>();
        for (TomlTables.Table table : TomlTables.read(ManifestFiles.text(file))) {
            if (table.arrayElement() && table.name().equals("package")) {
                packages.add(table);
                String name = PythonNames.normalise(table.string("name").orElse(""));
                List<String> deps = names(table.values().get("dependencies"));
                edges.put(name, deps);
                if (isLocal(table)) {
                    local.add(name);
                    production.addAll(deps);
                }
            } else if (!packages.isEmpty() && isLocal(packages.getLast())) {
                if (table.name().equals("package.optional-dependencies")) {
                    table.values().values().forEach(v -> production.addAll(names(v)));
                } else if (table.name().equals("package.dev-dependencies")) {
                    table.values().values().forEach(v -> development.addAll(names(v)));
                }
            }
        }
        Set<String> devOnly = DevReach.devOnly(edges, production, development);
        List<Dependency> out = new ArrayList<>();
        for (TomlTables.Table pkg : packages) {
            String name = PythonNames.normalise(pkg.string("name").orElse(""));
            Optional<String> version = pkg.string("version");
            if (name.isEmpty() || version.isEmpty() || local.contains(name)) {
                continue;
            }
            boolean direct = production.contains(name) || development.contains(name);
            out.add(new Dependency(Ecosystem.PYPI, name, version.get(), file.path(), pkg.values().get("name").line(),
                    direct, devOnly.contains(name)));
        }
        return out;
    }

    private static boolean isLocal(TomlTables.Table pkg) {
        String source = Optional.ofNullable(pkg.values().get("source")).map(TomlTables.Value::raw).orElse("");
        return source.contains("virtual") || source.contains("editable") || source.contains("directory");
    }

    private static List<String> names(TomlTables.Value value) {
        return value == null ? List.of()
                : TomlTables.fields(value.raw(), "name").stream().map(PythonNames::normalise).toList();
    }
}
