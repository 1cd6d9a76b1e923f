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
 * Cargo.lock: packages with a {@code source} are dependencies; those without are the workspace's own crates,
 * whose {@code dependencies} are direct. The Cargo.toml beside it says which are dev-dependencies; dev is
 * what only those reach.
 */
final class CargoLockParser implements ManifestParser {

    @Override
    public List<Dependency> parse(SourceFile file, ManifestFiles files) {
        List<TomlTables.Table> packages = TomlTables.read(ManifestFiles.text(file)).stream()
                .filter(t -> t.arrayElement() && t.name().equals("package")).toList();
        Map<String, List<String>> edges = new HashMap<>();
        Set<String> roots = new HashSet<>();
        Set<String> local = new HashSet<>();
        for (TomlTables.Table pkg : packages) {
            String name = pkg.string("name").orElse("");
            List<String> deps = Optional.ofNullable(pkg.values().get("dependencies"))
                    .map(v -> TomlTables.strings(v.raw()).stream().map(s -> s.split(" ", 2)[0]).toList())
                    .orElse(List.of());
            edges.computeIfAbsent(name, k -> new ArrayList<>()).addAll(deps);
            if (!pkg.values().containsKey("source")) {
                local.add(name);
                roots.addAll(deps);
            }
        }
        Set<String> devDeclared = files.sibling(file, "Cargo.toml").map(CargoLockParser::devDependencies).orElse(Set.of());
        Set<String> production = new HashSet<>(roots);
        production.removeAll(devDeclared);
        Set<String> devOnly = DevReach.devOnly(edges, production, devDeclared);
        DependencyGraph graph = graph(packages);
        List<Dependency> out = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (TomlTables.Table pkg : packages) {
            Optional<String> name = pkg.string("name");
            Optional<String> version = pkg.string("version");
            if (name.isEmpty() || version.isEmpty() || !pkg.values().containsKey("source")) {
                continue;
            }
            out.add(new Dependency(Ecosystem.CRATES_IO, name.get(), version.get(), file.path(),
                    pkg.values().get("name").line(), roots.contains(name.get()), devOnly.contains(name.get())));
            ids.add(name.get() + " " + version.get());
        }
        return graph.attach(out, ids);
    }

    /**
     * The lock's graph: a package is {@code name version}; a dependency written {@code name} alone is the one
     * version of that name the lock holds. Each crate of the workspace (no {@code source}) is a root.
     */
    private static DependencyGraph graph(List<TomlTables.Table> packages) {
        DependencyGraph graph = new DependencyGraph();
        Map<String, String> byName = new HashMap<>();
        for (TomlTables.Table pkg : packages) {
            String name = pkg.string("name").orElse("");
            String version = pkg.string("version").orElse("");
            byName.putIfAbsent(name, name + " " + version);
            if (pkg.values().containsKey("source")) {
                graph.node(name + " " + version, name, version);
            } else {
                graph.root(name + " " + version, name, version);
            }
        }
        for (TomlTables.Table pkg : packages) {
            String from = pkg.string("name").orElse("") + " " + pkg.string("version").orElse("");
            Optional.ofNullable(pkg.values().get("dependencies")).ifPresent(v -> TomlTables.strings(v.raw()).forEach(d -> {
                String[] parts = d.split(" ", 3);
                graph.edge(from, parts.length > 1 ? parts[0] + " " + parts[1] : byName.getOrDefault(parts[0], d));
            }));
        }
        return graph;
    }

    private static Set<String> devDependencies(SourceFile manifest) {
        Set<String> dev = new HashSet<>();
        for (TomlTables.Table table : TomlTables.read(ManifestFiles.text(manifest))) {
            if (table.name().equals("dev-dependencies") || table.name().endsWith(".dev-dependencies")) {
                dev.addAll(table.values().keySet());
            } else if (table.name().startsWith("dev-dependencies.")) {
                dev.add(table.name().substring("dev-dependencies.".length()));
            }
        }
        return dev;
    }
}
