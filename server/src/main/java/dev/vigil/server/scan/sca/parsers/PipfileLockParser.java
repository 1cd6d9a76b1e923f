package dev.vigil.server.scan.sca.parsers;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.Ecosystem;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Pipfile.lock: {@code default} (production) and {@code develop} (dev); direct names from the Pipfile beside it. */
final class PipfileLockParser implements ManifestParser {

    @Override
    public List<Dependency> parse(SourceFile file, ManifestFiles files) throws IOException {
        LocatedJson json = LocatedJson.parse(ManifestFiles.text(file));
        if (!json.root().isObject()) {
            throw new MalformedManifestException("a Pipfile.lock is a JSON object");
        }
        Optional<PythonProject> pipfile = PythonProject.pipfile(file, files);
        List<Dependency> out = new ArrayList<>();
        for (String section : List.of("default", "develop")) {
            for (Iterator<Map.Entry<String, JsonNode>> it = json.root().path(section).fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String version = e.getValue().path("version").asText("");
                if (!version.startsWith("==")) {
                    continue;
                }
                String name = PythonNames.normalise(e.getKey());
                boolean direct = pipfile.map(p -> p.declares(name)).orElse(false);
                out.add(new Dependency(Ecosystem.PYPI, name, version.replaceFirst("^===?", ""), file.path(),
                        json.line(LocatedJson.pointer(section, e.getKey())), direct, section.equals("develop")));
            }
        }
        return out;
    }
}
