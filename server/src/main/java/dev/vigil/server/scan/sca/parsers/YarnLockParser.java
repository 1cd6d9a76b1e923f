package dev.vigil.server.scan.sca.parsers;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * yarn.lock, classic ({@code version "1.2.3"}) and berry ({@code version: 1.2.3}): one entry per resolved
 * version under a header of the specs it satisfies. Workspace, link, portal and file entries are skipped.
 * The package.json beside it gives the direct specs; dev is what only development specs reach.
 */
final class YarnLockParser implements ManifestParser {

    private record Entry(List<String> specs, int line, String name, String version, List<String> dependencies) {
    }

    @Override
    public List<Dependency> parse(SourceFile file, ManifestFiles files) throws IOException {
        List<Entry> entries = YarnEntries.read(ManifestFiles.text(file));
        Map<String, Entry> bySpec = new HashMap<>();
        entries.forEach(e -> e.specs().forEach(s -> bySpec.put(s, e)));
        Optional<JsonNode> manifest = files.sibling(file, "package.json").flatMap(PackageJson::json);
        Set<String> production = roots(manifest, PackageJson.PRODUCTION_SECTIONS, bySpec);
        Set<String> development = roots(manifest, Set.of("devDependencies"), bySpec);
        Map<String, List<String>> edges = new HashMap<>();
        for (Entry e : entries) {
            edges.put(id(e), e.dependencies().stream().map(d -> find(bySpec, d)).flatMap(Optional::stream)
                    .map(YarnLockParser::id).toList());
        }
        Set<String> devOnly = DevReach.devOnly(edges, production, development);
        DependencyGraph graph = graph(manifest, bySpec, edges);
        List<Dependency> out = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (Entry e : entries) {
            boolean direct = production.contains(id(e)) || development.contains(id(e));
            graph.node(id(e), e.name(), e.version());
            NpmLockParser.npm(e.name(), e.version(), file, e.line(), direct, devOnly.contains(id(e))).ifPresent(d -> {
                out.add(d);
                ids.add(id(e));
            });
        }
        return graph.attach(out, ids);
    }

    /** The lock's graph under the package.json beside it, the root's edges in the order the manifest declares them. */
    private static DependencyGraph graph(Optional<JsonNode> manifest, Map<String, Entry> bySpec,
                                         Map<String, List<String>> edges) {
        DependencyGraph graph = new DependencyGraph();
        manifest.ifPresent(m -> {
            graph.root("", m.path("name").asText(""), m.path("version").asText(""));
            NpmLockParser.REQUIRES.forEach(section -> m.path(section).properties().forEach(d ->
                    find(bySpec, d.getKey() + "@" + d.getValue().asText("")).ifPresent(e -> graph.edge("", id(e)))));
        });
        edges.forEach((from, targets) -> targets.forEach(to -> graph.edge(from, to)));
        return graph;
    }

    static Entry entry(List<String> specs, int line, String resolution, String version, List<String> dependencies) {
        String source = resolution.isEmpty() ? specs.getFirst() : resolution;
        String name = source.substring(0, Math.max(0, source.indexOf('@', 1)));
        String after = source.substring(name.length() + 1);
        boolean local = after.startsWith("workspace:") || after.startsWith("link:") || after.startsWith("portal:")
                || after.startsWith("file:") || version.endsWith("-use.local");
        return new Entry(specs, line, name, local ? "" : version, dependencies);
    }

    private static String id(Entry e) {
        return e.specs().getFirst();
    }

    /** The entries the manifest's sections point at ({@code name@range} or berry's {@code name@npm:range}). */
    private static Set<String> roots(Optional<JsonNode> manifest, Set<String> sections, Map<String, Entry> bySpec) {
        Set<String> roots = new HashSet<>();
        manifest.ifPresent(m -> sections.forEach(section -> m.path(section).fields().forEachRemaining(d -> {
            find(bySpec, d.getKey() + "@" + d.getValue().asText("")).ifPresent(e -> roots.add(id(e)));
        })));
        return roots;
    }

    /** The entry of a {@code name@range} spec, as written or with berry's default {@code npm:} protocol. */
    private static Optional<Entry> find(Map<String, Entry> bySpec, String spec) {
        Entry exact = bySpec.get(spec);
        int at = spec.indexOf('@', 1);
        if (exact != null || at < 0) {
            return Optional.ofNullable(exact);
        }
        return Optional.ofNullable(bySpec.get(spec.substring(0, at) + "@npm:" + spec.substring(at + 1)));
    }

    /** The line reader of yarn.lock entries. */
    static final class YarnEntries {

        private YarnEntries() {
        }

        static List<Entry> read(String text) {
            List<Entry> entries = new ArrayList<>();
            List<String> lines = text.lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.isBlank() || line.startsWith("#") || Character.isWhitespace(line.charAt(0)) || !line.endsWith(":")) {
                    continue;
                }
                List<String> specs = new ArrayList<>();
                for (String spec : line.substring(0, line.length() - 1).split(",")) {
                    specs.add(spec.trim().replace("\"", ""));
                }
                int header = i;
                String version = "";
                String resolution = "";
                List<String> dependencies = new ArrayList<>();
                boolean inDependencies = false;
                while (i + 1 < lines.size() && (lines.get(i + 1).isBlank() || Character.isWhitespace(lines.get(i + 1).charAt(0)))) {
                    String body = lines.get(++i);
                    int indent = body.length() - body.stripLeading().length();
                    String[] kv = keyValue(body.trim());
                    if (indent == 2) {
                        inDependencies = kv[0].equals("dependencies") || kv[0].equals("optionalDependencies");
                        version = kv[0].equals("version") ? kv[1] : version;
                        resolution = kv[0].equals("resolution") ? kv[1] : resolution;
                    } else if (indent >= 4 && inDependencies && !kv[0].isEmpty()) {
                        dependencies.add(kv[0] + "@" + kv[1]);
                    }
                }
                if (!specs.getFirst().equals("__metadata") && specs.getFirst().indexOf('@', 1) > 0) {
                    entries.add(entry(specs, header + 1, resolution, version, dependencies));
                }
            }
            return entries;
        }

        /** {@code key "value"}, {@code key: value} or {@code "key": "value"}, unquoted. */
        private static String[] keyValue(String line) {
            int split = line.startsWith("\"") ? line.indexOf('"', 1) + 1 : 0;
            int colon = line.indexOf(':', split);
            int space = line.indexOf(' ', split);
            int at = colon >= 0 && (space < 0 || colon < space) ? colon : space;
            if (at <= 0) {
                String key = line.endsWith(":") ? line.substring(0, line.length() - 1) : line;
                return new String[] {TomlTables.unquote(key), ""};
            }
            return new String[] {TomlTables.unquote(line.substring(0, at).trim()),
                    TomlTables.unquote(line.substring(at + 1).trim())};
        }
    }
}
