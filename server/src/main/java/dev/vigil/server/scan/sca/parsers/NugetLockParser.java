package dev.vigil.server.scan.sca.parsers;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.Ecosystem;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * packages.lock.json (NuGet): per target framework, packages of {@code type} Direct or Transitive (project
 * references skipped); a package locked for several frameworks is reported once. Names as written.
 */
final class NugetLockParser implements ManifestParser {

    @Override
    public List<Dependency> parse(SourceFile file, ManifestFiles files) throws IOException {
        LocatedJson json = LocatedJson.parse(ManifestFiles.text(file));
        if (!json.root().isObject()) {
            throw new MalformedManifestException("a packages.lock.json is a JSON object");
        }
        List<Dependency> out = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        DependencyGraph graph = new DependencyGraph();
        graph.root("", "", "");
        Set<String> seen = new HashSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> frameworks = json.root().path("dependencies").fields(); frameworks.hasNext(); ) {
            Map.Entry<String, JsonNode> framework = frameworks.next();
            for (Iterator<Map.Entry<String, JsonNode>> it = framework.getValue().fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String type = e.getValue().path("type").asText("");
                String version = e.getValue().path("resolved").asText("");
                String id = framework.getKey() + "|" + e.getKey().toLowerCase(Locale.ROOT);
                graph.node(id, e.getKey(), version);
                if (type.equalsIgnoreCase("Direct") || type.equalsIgnoreCase("Project")) {
                    graph.edge("", id);
                }
                e.getValue().path("dependencies").fieldNames().forEachRemaining(
                        d -> graph.edge(id, framework.getKey() + "|" + d.toLowerCase(Locale.ROOT)));
                if (type.equalsIgnoreCase("Project") || version.isEmpty() || !seen.add(e.getKey() + "@" + version)) {
                    continue;
                }
                int line = json.line(LocatedJson.pointer("dependencies", framework.getKey(), e.getKey()));
                out.add(new Dependency(Ecosystem.NUGET, e.getKey(), version, file.path(), line,
                        type.equalsIgnoreCase("Direct"), false));
                ids.add(id);
            }
        }
        return graph.attach(out, ids);
    }
}
