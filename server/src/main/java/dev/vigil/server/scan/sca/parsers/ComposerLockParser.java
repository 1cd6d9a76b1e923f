package dev.vigil.server.scan.sca.parsers;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.Ecosystem;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** composer.lock: {@code packages} and {@code packages-dev} (dev); direct names from the composer.json beside it. */
final class ComposerLockParser implements ManifestParser {

    @Override
    public List<Dependency> parse(SourceFile file, ManifestFiles files) throws IOException {
        LocatedJson json = LocatedJson.parse(ManifestFiles.text(file));
        if (!json.root().isObject()) {
            throw new MalformedManifestException("a composer.lock is a JSON object");
        }
        Optional<JsonNode> manifest = files.sibling(file, "composer.json").flatMap(ComposerLockParser::json);
        Set<String> declared = manifest.map(ComposerLockParser::declared).orElse(Set.of());
        DependencyGraph graph = new DependencyGraph();
        manifest.ifPresent(m -> graph.root("", m.path("name").asText(""), m.path("version").asText("")));
        manifest.ifPresent(m -> requires("", m, List.of("require", "require-dev"), graph));
        List<Dependency> out = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (String section : List.of("packages", "packages-dev")) {
            JsonNode packages = json.root().path(section);
            for (int i = 0; i < packages.size(); i++) {
                String name = packages.get(i).path("name").asText("");
                String version = packages.get(i).path("version").asText("");
                if (name.isEmpty() || version.isEmpty()) {
                    continue;
                }
                int line = json.line(LocatedJson.pointer(section, String.valueOf(i), "name"));
                out.add(new Dependency(Ecosystem.PACKAGIST, name, version, file.path(), line,
                        declared.contains(name.toLowerCase(Locale.ROOT)), section.equals("packages-dev")));
                ids.add(name.toLowerCase(Locale.ROOT));
                graph.node(name.toLowerCase(Locale.ROOT), name, version);
                requires(name.toLowerCase(Locale.ROOT), packages.get(i), List.of("require"), graph);
            }
        }
        return graph.attach(out, ids);
    }

    /** The edges of a package or the root: what these sections of it name. */
    private static void requires(String id, JsonNode entry, List<String> sections, DependencyGraph graph) {
        for (String section : sections) {
            entry.path(section).fieldNames().forEachRemaining(n -> graph.edge(id, n.toLowerCase(Locale.ROOT)));
        }
    }

    private static Optional<JsonNode> json(SourceFile manifest) {
        try {
            return Optional.of(LocatedJson.parse(ManifestFiles.text(manifest)).root());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Set<String> declared(JsonNode root) {
        Set<String> names = new HashSet<>();
        for (String section : List.of("require", "require-dev")) {
            root.path(section).fieldNames().forEachRemaining(n -> names.add(n.toLowerCase(Locale.ROOT)));
        }
        return names;
    }
}
