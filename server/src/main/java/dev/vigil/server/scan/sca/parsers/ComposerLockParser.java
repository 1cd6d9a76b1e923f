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
import java.util.Set;

/** composer.lock: {@code packages} and {@code packages-dev} (dev); direct names from the composer.json beside it. */
final class ComposerLockParser implements ManifestParser {

    @Override
    public List<Dependency> parse(SourceFile file, ManifestFiles files) throws IOException {
        LocatedJson json = LocatedJson.parse(ManifestFiles.text(file));
        if (!json.root().isObject()) {
            throw new MalformedManifestException("a composer.lock is a JSON object");
        }
        Set<String> declared = files.sibling(file, "composer.json").map(ComposerLockParser::declared).orElse(Set.of());
        List<Dependency> out = new ArrayList<>();
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
            }
        }
        return out;
    }

    private static Set<String> declared(SourceFile manifest) {
        Set<String> names = new HashSet<>();
        try {
            JsonNode root = LocatedJson.parse(ManifestFiles.text(manifest)).root();
            for (String section : List.of("require", "require-dev")) {
                root.path(section).fieldNames().forEachRemaining(n -> names.add(n.toLowerCase(Locale.ROOT)));
            }
        } catch (IOException | RuntimeException e) {
            return Set.of();
        }
        return names;
    }
}
