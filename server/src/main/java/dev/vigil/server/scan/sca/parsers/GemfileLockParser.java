package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.Ecosystem;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Gemfile.lock: the {@code specs} of the GEM and GIT sections (PATH gems are the project's own), platform
 * suffixes removed from versions; direct names from DEPENDENCIES; dev from the Gemfile's development and test
 * groups, following the specs' own dependencies.
 */
final class GemfileLockParser implements ManifestParser {

    private record Spec(String name, String version, int line) {
    }

    /** What the lockfile says: its specs, their dependencies by name, and the DEPENDENCIES section. */
    private record Lock(List<Spec> specs, Map<String, List<String>> edges, Set<String> direct) {
    }

    @Override
    public List<Dependency> parse(SourceFile file, ManifestFiles files) {
        Lock lock = read(ManifestFiles.text(file));
        Set<String> devGroups = files.sibling(file, "Gemfile").map(g -> GemfileGroups.devOnly(ManifestFiles.text(g)))
                .orElse(Set.of());
        Set<String> production = new HashSet<>(lock.direct());
        production.removeAll(devGroups);
        Set<String> devRoots = new HashSet<>(lock.direct());
        devRoots.retainAll(devGroups);
        Set<String> devOnly = DevReach.devOnly(lock.edges(), production, devRoots);
        DependencyGraph graph = new DependencyGraph();
        graph.root("", "", "");
        lock.direct().forEach(name -> graph.edge("", name));
        lock.edges().forEach((from, targets) -> targets.forEach(to -> graph.edge(from, to)));
        List<Dependency> out = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (Spec s : lock.specs()) {
            graph.node(s.name(), s.name(), s.version());
            if (!s.version().isEmpty()) {
                out.add(new Dependency(Ecosystem.RUBYGEMS, s.name(), s.version(), file.path(), s.line(),
                        lock.direct().contains(s.name()), devOnly.contains(s.name())));
                ids.add(s.name());
            }
        }
        return graph.attach(out, ids);
    }

    private static Lock read(String text) {
        Lock lock = new Lock(new ArrayList<>(), new HashMap<>(), new LinkedHashSet<>());
        String section = "";
        String owner = "";
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.isEmpty() && !Character.isWhitespace(line.charAt(0))) {
                section = line.trim();
                continue;
            }
            int indent = line.length() - line.stripLeading().length();
            String name = line.trim().split("[ !(]", 2)[0];
            if (section.equals("DEPENDENCIES") && indent == 2 && !name.isEmpty()) {
                lock.direct().add(name);
            } else if ((section.equals("GEM") || section.equals("GIT")) && indent == 4 && line.contains("(")) {
                int open = line.indexOf('(');
                String version = line.substring(open + 1, Math.max(open + 1, line.indexOf(')')));
                lock.specs().add(new Spec(name, withoutPlatform(version.trim()), i + 1));
                owner = name;
            } else if (indent == 6 && !owner.isEmpty() && !name.isEmpty()) {
                lock.edges().computeIfAbsent(owner, k -> new ArrayList<>()).add(name);
            }
        }
        return lock;
    }

    /** {@code 1.13.10-x86_64-linux} is version 1.13.10 for a platform. */
    private static String withoutPlatform(String version) {
        int dash = version.indexOf('-');
        return dash > 0 ? version.substring(0, dash) : version;
    }
}
