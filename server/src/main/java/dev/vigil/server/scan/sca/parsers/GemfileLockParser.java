package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.Ecosystem;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
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

    @Override
    public List<Dependency> parse(SourceFile file, ManifestFiles files) {
        List<Spec> specs = new ArrayList<>();
        Map<String, List<String>> edges = new HashMap<>();
        Set<String> direct = new HashSet<>();
        String section = "";
        String owner = "";
        List<String> lines = ManifestFiles.text(file).lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.isEmpty() && !Character.isWhitespace(line.charAt(0))) {
                section = line.trim();
                continue;
            }
            int indent = line.length() - line.stripLeading().length();
            String name = line.trim().split("[ !(]", 2)[0];
            if (section.equals("DEPENDENCIES") && indent == 2 && !name.isEmpty()) {
                direct.add(name);
            } else if ((section.equals("GEM") || section.equals("GIT")) && indent == 4 && line.contains("(")) {
                String version = line.substring(line.indexOf('(') + 1, Math.max(line.indexOf('(') + 1, line.indexOf(')')));
                specs.add(new Spec(name, withoutPlatform(version.trim()), i + 1));
                owner = name;
            } else if (indent == 6 && !owner.isEmpty() && !name.isEmpty()) {
                edges.computeIfAbsent(owner, k -> new ArrayList<>()).add(name);
            }
        }
        Set<String> devGroups = files.sibling(file, "Gemfile").map(g -> GemfileGroups.devOnly(ManifestFiles.text(g))).orElse(Set.of());
        Set<String> production = new HashSet<>(direct);
        production.removeAll(devGroups);
        Set<String> devRoots = new HashSet<>(direct);
        devRoots.retainAll(devGroups);
        Set<String> devOnly = DevReach.devOnly(edges, production, devRoots);
        return specs.stream().filter(s -> !s.version().isEmpty())
                .map(s -> new Dependency(Ecosystem.RUBYGEMS, s.name(), s.version(), file.path(), s.line(),
                        direct.contains(s.name()), devOnly.contains(s.name())))
                .toList();
    }

    /** {@code 1.13.10-x86_64-linux} is version 1.13.10 for a platform. */
    private static String withoutPlatform(String version) {
        int dash = version.indexOf('-');
        return dash > 0 ? version.substring(0, dash) : version;
    }
}
