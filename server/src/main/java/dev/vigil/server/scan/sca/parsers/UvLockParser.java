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

    /** The lock's packages, dependency edges by name, and the project's own roots. */
    private record Lock(List<TomlTables.Table> packages, Map<String, List<String>> edges, Set<String> production,
                        Set<String> development, Set<String> local, Map<String, List<String>> devEdges) {
    }

    @Override
    public List<Dependency> parse(SourceFile file, ManifestFiles files) {
        Lock lock = read(ManifestFiles.text(file));
        Set<String> devOnly = DevReach.devOnly(lock.edges(), lock.production(), lock.development());
        DependencyGraph graph = new DependencyGraph();
        List<Dependency> out = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (TomlTables.Table pkg : lock.packages()) {
            String name = PythonNames.normalise(pkg.string("name").orElse(""));
            Optional<String> version = pkg.string("version");
            if (lock.local().contains(name)) {
                graph.root(name, name, version.orElse(""));
            }
            if (name.isEmpty() || version.isEmpty() || lock.local().contains(name)) {
                continue;
            }
            boolean direct = lock.production().contains(name) || lock.development().contains(name);
            out.add(new Dependency(Ecosystem.PYPI, name, version.get(), file.path(), pkg.values().get("name").line(),
                    direct, devOnly.contains(name)));
            ids.add(name);
            graph.node(name, name, version.get());
        }
        lock.edges().forEach((from, targets) -> targets.forEach(to -> graph.edge(from, to)));
        lock.devEdges().forEach((from, targets) -> targets.forEach(to -> graph.edge(from, to)));
        return graph.attach(out, ids);
    }

    private static Lock read(String text) {
        Lock lock = new Lock(new ArrayList<>(), new HashMap<>(), new HashSet<>(), new HashSet<>(), new HashSet<>(),
                new HashMap<>());
        for (TomlTables.Table table : TomlTables.read(text)) {
            if (table.arrayElement() && table.name().equals("package")) {
                lock.packages().add(table);
                String name = PythonNames.normalise(table.string("name").orElse(""));
                List<String> deps = names(table.values().get("dependencies"));
                lock.edges().put(name, deps);
                if (isLocal(table)) {
                    lock.local().add(name);
                    lock.production().addAll(deps);
                }
            } else if (!lock.packages().isEmpty() && isLocal(lock.packages().getLast())) {
                String owner = PythonNames.normalise(lock.packages().getLast().string("name").orElse(""));
                List<String> extra = lock.devEdges().computeIfAbsent(owner, k -> new ArrayList<>());
                if (table.name().equals("package.optional-dependencies")) {
                    table.values().values().forEach(v -> lock.production().addAll(names(v)));
                    table.values().values().forEach(v -> extra.addAll(names(v)));
                } else if (table.name().equals("package.dev-dependencies")) {
                    table.values().values().forEach(v -> lock.development().addAll(names(v)));
                    table.values().values().forEach(v -> extra.addAll(names(v)));
                }
            }
        }
        return lock;
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
