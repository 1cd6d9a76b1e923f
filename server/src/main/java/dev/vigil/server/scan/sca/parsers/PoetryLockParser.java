package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.Ecosystem;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * poetry.lock: one {@code [[package]]} per resolved package. Dev comes from {@code category = "dev"} (Poetry
 * before 1.5) or {@code groups} without {@code main} (Poetry 2); otherwise from the pyproject.toml beside it,
 * following {@code [package.dependencies]}. Direct names come from that pyproject.toml.
 */
final class PoetryLockParser implements ManifestParser {

    @Override
    public List<Dependency> parse(SourceFile file, ManifestFiles files) {
        List<TomlTables.Table> tables = TomlTables.read(ManifestFiles.text(file));
        Optional<PythonProject> project = PythonProject.pyproject(file, files);
        List<TomlTables.Table> packages = new ArrayList<>();
        Map<String, List<String>> edges = new HashMap<>();
        for (TomlTables.Table table : tables) {
            if (table.arrayElement() && table.name().equals("package")) {
                packages.add(table);
            } else if (table.name().equals("package.dependencies") && !packages.isEmpty()) {
                String owner = PythonNames.normalise(packages.getLast().string("name").orElse(""));
                edges.put(owner, table.values().keySet().stream().map(PythonNames::normalise).toList());
            }
        }
        Set<String> devOnly = project.map(p -> DevReach.devOnly(edges, p.production(), p.development()))
                .orElse(Set.of());
        DependencyGraph graph = new DependencyGraph();
        project.ifPresent(p -> {
            String[] root = PythonProject.nameAndVersion(file, files);
            graph.root("", root[0], root[1]);
            p.production().forEach(n -> graph.edge("", n));
            p.development().forEach(n -> graph.edge("", n));
        });
        edges.forEach((from, targets) -> targets.forEach(to -> graph.edge(from, to)));
        List<Dependency> out = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (TomlTables.Table pkg : packages) {
            Optional<String> name = pkg.string("name").map(PythonNames::normalise);
            Optional<String> version = pkg.string("version");
            if (name.isEmpty() || version.isEmpty()) {
                continue;
            }
            boolean direct = project.map(p -> p.declares(name.get())).orElse(false);
            int line = pkg.values().get("name").line();
            out.add(new Dependency(Ecosystem.PYPI, name.get(), version.get(), file.path(), line, direct,
                    isDev(pkg, devOnly.contains(name.get()))));
            ids.add(name.get());
            graph.node(name.get(), name.get(), version.get());
        }
        return graph.attach(out, ids);
    }

    private static boolean isDev(TomlTables.Table pkg, boolean devByGraph) {
        Optional<String> category = pkg.string("category");
        if (category.isPresent()) {
            return category.get().equals("dev");
        }
        TomlTables.Value groups = pkg.values().get("groups");
        if (groups != null) {
            return !TomlTables.strings(groups.raw()).contains("main");
        }
        return devByGraph;
    }
}
