package dev.vigil.server.scan.sca.parsers;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;
import org.yaml.snakeyaml.LoaderOptions;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * pnpm-lock.yaml, lockfile versions 5 ({@code /name/1.0.0}), 6 ({@code /name@1.0.0}) and 9
 * ({@code name@1.0.0} with {@code snapshots}). Direct dependencies come from {@code importers} (or the
 * top-level sections of a single-project lock); dev from the packages' {@code dev} flag or, in version 9,
 * from what only development dependencies reach.
 */
final class PnpmLockParser implements ManifestParser {

    private static final YAMLFactory YAML = YAMLFactory.builder().loaderOptions(loaderOptions()).build();
    private static final List<String> PRODUCTION = List.of("dependencies", "optionalDependencies");

    @Override
    public List<Dependency> parse(SourceFile file, ManifestFiles files) throws IOException {
        LocatedJson yaml;
        String text = ManifestFiles.text(file);
        try (JsonParser parser = YAML.createParser(text)) {
            yaml = LocatedJson.parse(parser, text.length());
        }
        JsonNode root = yaml.root();
        if (!root.isObject()) {
            throw new MalformedManifestException("a pnpm lock is a YAML mapping");
        }
        boolean v5 = root.path("lockfileVersion").asText("").startsWith("5");
        List<JsonNode> importers = new ArrayList<>();
        root.path("importers").forEach(importers::add);
        if (importers.isEmpty()) {
            importers.add(root);
        }
        Set<String> production = declared(importers, PRODUCTION);
        Set<String> development = declared(importers, List.of("devDependencies"));
        Map<String, List<String>> edges = edges(root.path("snapshots"), false);
        edges(root.path("packages"), v5).forEach((from, to) -> edges.computeIfAbsent(from, k -> new ArrayList<>()).addAll(to));
        Set<String> devOnly = DevReach.devOnly(edges, production, development);
        DependencyGraph graph = graph(root, files.sibling(file, "package.json").flatMap(PackageJson::json), edges);
        List<Dependency> out = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        root.path("packages").fields().forEachRemaining(e -> {
            Optional<String[]> nameVersion = nameVersion(e.getKey(), v5);
            if (nameVersion.isEmpty()) {
                return;
            }
            String id = nameVersion.get()[0] + "@" + nameVersion.get()[1];
            boolean direct = production.contains(id) || development.contains(id);
            JsonNode devFlag = e.getValue().path("dev");
            boolean dev = devFlag.isBoolean() ? devFlag.asBoolean() : devOnly.contains(id);
            int line = yaml.line(LocatedJson.pointer("packages", e.getKey()));
            graph.node(id, nameVersion.get()[0], nameVersion.get()[1]);
            NpmLockParser.npm(nameVersion.get()[0], nameVersion.get()[1], file, line, direct, dev).ifPresent(d -> {
                out.add(d);
                ids.add(id);
            });
        });
        return graph.attach(out, ids);
    }

    /**
     * The graph from each importer (a single-project lock is its own): the project's name and version from
     * the package.json beside the lock, a workspace member named by its directory.
     */
    private static DependencyGraph graph(JsonNode root, Optional<JsonNode> manifest, Map<String, List<String>> edges) {
        DependencyGraph graph = new DependencyGraph();
        Map<String, JsonNode> importers = new LinkedHashMap<>();
        root.path("importers").properties().forEach(e -> importers.put(e.getKey(), e.getValue()));
        if (importers.isEmpty()) {
            importers.put(".", root);
        }
        importers.forEach((path, importer) -> {
            String id = "importer:" + path;
            boolean project = path.equals(".");
            graph.root(id, project ? manifest.map(m -> m.path("name").asText("")).orElse("") : path,
                    project ? manifest.map(m -> m.path("version").asText("")).orElse("") : "");
            NpmLockParser.REQUIRES.forEach(section -> importer.path(section).properties().forEach(d -> {
                JsonNode spec = d.getValue();
                String version = spec.isObject() ? spec.path("version").asText("") : spec.asText("");
                graph.edge(id, d.getKey() + "@" + bare(version));
            }));
        });
        edges.forEach((from, targets) -> targets.forEach(to -> graph.edge(from, to)));
        return graph;
    }

    /** name@version of every dependency the importers declare in these sections. */
    private static Set<String> declared(List<JsonNode> importers, List<String> sections) {
        Set<String> ids = new HashSet<>();
        for (JsonNode importer : importers) {
            for (String section : sections) {
                importer.path(section).fields().forEachRemaining(d -> {
                    JsonNode spec = d.getValue();
                    String version = spec.isObject() ? spec.path("version").asText("") : spec.asText("");
                    ids.add(d.getKey() + "@" + bare(version));
                });
            }
        }
        return ids;
    }

    /** Version 9's {@code snapshots} or older {@code packages}: name@version → the name@version of its dependencies. */
    private static Map<String, List<String>> edges(JsonNode snapshots, boolean v5) {
        Map<String, List<String>> edges = new HashMap<>();
        snapshots.fields().forEachRemaining(s -> nameVersion(s.getKey(), v5).ifPresent(nv -> {
            List<String> targets = new ArrayList<>();
            for (String section : List.of("dependencies", "optionalDependencies")) {
                s.getValue().path(section).fields().forEachRemaining(d -> targets.add(d.getKey() + "@" + bare(d.getValue().asText(""))));
            }
            edges.computeIfAbsent(nv[0] + "@" + nv[1], k -> new ArrayList<>()).addAll(targets);
        }));
        return edges;
    }

    /** The name and version of a packages key: {@code /@scope/name/1.0.0_peer} (v5), {@code /name@1.0.0(peer)}. */
    static Optional<String[]> nameVersion(String key, boolean v5) {
        String k = key.startsWith("/") ? key.substring(1) : key;
        int split = v5 ? k.lastIndexOf('/') : k.indexOf('@', 1);
        if (v5 && k.indexOf('_') > 0) {
            split = k.substring(0, k.indexOf('_')).lastIndexOf('/');
        }
        if (split <= 0) {
            return Optional.empty();
        }
        String version = bare(k.substring(split + 1));
        if (version.isEmpty() || !Character.isDigit(version.charAt(0))) {
            return Optional.empty();
        }
        return Optional.of(new String[] {k.substring(0, split), version});
    }

    /** A version without its peer suffix: {@code 1.0.0(react@18.2.0)} and {@code 1.0.0_react@18.2.0} give 1.0.0. */
    private static String bare(String version) {
        int end = version.length();
        for (char c : new char[] {'(', '_'}) {
            int at = version.indexOf(c);
            end = at >= 0 ? Math.min(end, at) : end;
        }
        return version.substring(0, end);
    }

    private static LoaderOptions loaderOptions() {
        LoaderOptions options = new LoaderOptions();
        options.setCodePointLimit(64 * 1024 * 1024);
        options.setMaxAliasesForCollections(50);
        options.setAllowRecursiveKeys(false);
        return options;
    }
}
