package dev.vigil.server.scan.sca.parsers;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.Ecosystem;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * package-lock.json and npm-shrinkwrap.json. Versions 2 and 3 list every installed package under
 * {@code packages} keyed by its {@code node_modules/…} path; version 1 nests {@code dependencies}.
 */
final class NpmLockParser implements ManifestParser {

    private static final String MODULES = "node_modules/";

    /** The sections of an entry whose names it requires, the production ones first. */
    static final List<String> REQUIRES =
            List.of("dependencies", "optionalDependencies", "peerDependencies", "devDependencies");
    /** How far up the tree a name is looked for; a real tree nests a few levels. */
    private static final int MAX_NESTING = 64;

    @Override
    public List<Dependency> parse(SourceFile file, ManifestFiles files) throws IOException {
        LocatedJson json = LocatedJson.parse(ManifestFiles.text(file));
        if (!json.root().isObject()) {
            throw new MalformedManifestException("a package lock is a JSON object");
        }
        if (json.root().path("packages").isObject()) {
            return readPackages(file, json);
        }
        Optional<SourceFile> sibling = files.sibling(file, "package.json");
        Optional<JsonNode> manifest = sibling.flatMap(PackageJson::json);
        Tree tree = new Tree();
        JsonNode root = manifest.orElse(json.root());
        tree.graph.root("", root.path("name").asText(""), root.path("version").asText(""));
        manifest.ifPresent(m -> tree.requires("", m, REQUIRES));
        readNested(file, json, json.root().path("dependencies"), "/dependencies", "",
                manifest.map(PackageJson::of), tree);
        return tree.resolve();
    }

    private static List<Dependency> readPackages(SourceFile file, LocatedJson json) {
        JsonNode packages = json.root().path("packages");
        PackageJson roots = PackageJson.empty();
        Tree tree = new Tree();
        for (Iterator<Map.Entry<String, JsonNode>> it = packages.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getKey().startsWith(MODULES) && !e.getKey().contains("/" + MODULES)) {
                roots.add(e.getValue());
                tree.graph.root(e.getKey(), e.getValue().path("name").asText(e.getKey().isEmpty()
                        ? json.root().path("name").asText("") : e.getKey()), e.getValue().path("version").asText(""));
                tree.requires(e.getKey(), e.getValue(), REQUIRES);
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = packages.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey();
            JsonNode entry = e.getValue();
            int at = key.lastIndexOf(MODULES);
            if (at >= 0) {
                tree.place(key, at == 0 ? "" : key.substring(0, at - 1), key.substring(at + MODULES.length()));
                tree.link(key, entry);
            }
            if (at < 0 || entry.path("link").asBoolean(false) || !entry.path("version").isTextual()) {
                continue;
            }
            String name = entry.path("name").asText(key.substring(at + MODULES.length()));
            boolean topLevel = at == 0 || !key.substring(0, at).contains(MODULES);
            boolean direct = topLevel && roots.declares(name);
            boolean dev = entry.path("dev").asBoolean(false);
            int line = json.line(LocatedJson.pointer("packages", key));
            tree.requires(key, entry, REQUIRES.subList(0, 3));
            npm(name, entry.path("version").asText(), file, line, direct, dev).ifPresent(d -> tree.add(key, d));
        }
        return tree.resolve();
    }

    private static void readNested(SourceFile file, LocatedJson json, JsonNode dependencies, String at, String parent,
                                   Optional<PackageJson> manifest, Tree tree) {
        boolean topLevel = at.equals("/dependencies");
        for (Iterator<Map.Entry<String, JsonNode>> it = dependencies.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode entry = e.getValue();
            String here = LocatedJson.child(at, e.getKey());
            boolean direct = topLevel && manifest.map(m -> m.declares(e.getKey())).orElse(false);
            tree.place(here, parent, e.getKey());
            tree.requires(here, entry, List.of("requires"));
            npm(e.getKey(), entry.path("version").asText(""), file, json.line(here), direct,
                    entry.path("dev").asBoolean(false)).ifPresent(d -> tree.add(here, d));
            if (entry.path("dependencies").isObject()) {
                readNested(file, json, entry.path("dependencies"), LocatedJson.child(here, "dependencies"), here,
                        manifest, tree);
            }
        }
    }

    /** A registry package; aliases ({@code npm:real@1.0.0}) resolve to the real package, other sources are skipped. */
    static Optional<Dependency> npm(String name, String version, SourceFile file, int line, boolean direct,
                                    boolean dev) {
        String real = name;
        String resolved = version;
        if (version.startsWith("npm:")) {
            String spec = version.substring(4);
            int at = spec.lastIndexOf('@');
            if (at <= 0) {
                return Optional.empty();
            }
            real = spec.substring(0, at);
            resolved = spec.substring(at + 1);
        }
        if (resolved.isEmpty() || resolved.contains(":") || resolved.contains("/") || real.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Dependency(Ecosystem.NPM, real, resolved, file.path(), line, direct, dev));
    }

    /**
     * An npm install tree: where each package sits (its parent directory) and the names it requires, resolved as
     * node does, from the package's own {@code node_modules} up to the top.
     */
    private static final class Tree {

        private final DependencyGraph graph = new DependencyGraph();
        private final Map<String, String> parents = new HashMap<>();
        private final Map<String, Map<String, String>> children = new HashMap<>();
        private final Map<String, String> links = new HashMap<>();
        private final Map<String, List<String>> required = new LinkedHashMap<>();
        private final List<Dependency> dependencies = new ArrayList<>();
        private final List<String> ids = new ArrayList<>();

        /** The package {@code id} installed as {@code name} in the node_modules of {@code parent}. */
        void place(String id, String parent, String name) {
            parents.put(id, parent);
            children.computeIfAbsent(parent, k -> new HashMap<>()).putIfAbsent(name, id);
        }

        /** A workspace link ({@code "link": true}) stands for the package it resolves to. */
        void link(String id, JsonNode entry) {
            if (entry.path("link").asBoolean(false) && entry.path("resolved").isTextual()) {
                links.put(id, entry.path("resolved").asText());
            }
        }

        void requires(String id, JsonNode entry, List<String> sections) {
            List<String> names = required.computeIfAbsent(id, k -> new ArrayList<>());
            sections.forEach(section -> entry.path(section).fieldNames().forEachRemaining(names::add));
        }

        void add(String id, Dependency dependency) {
            graph.node(id, dependency.name(), dependency.version());
            dependencies.add(dependency);
            ids.add(id);
        }

        List<Dependency> resolve() {
            required.forEach((from, names) -> names.forEach(name -> find(from, name).ifPresent(to -> graph.edge(from, to))));
            return graph.attach(dependencies, ids);
        }

        private Optional<String> find(String from, String name) {
            String at = from;
            for (int level = 0; at != null && level < MAX_NESTING; level++) {
                String found = children.getOrDefault(at, Map.of()).get(name);
                if (found != null) {
                    return Optional.of(links.getOrDefault(found, found));
                }
                at = at.isEmpty() ? null : parents.getOrDefault(at, "");
            }
            return Optional.empty();
        }
    }
}
