package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.Ecosystem;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * pom.xml: the direct {@code <dependencies>} of the project (not its plugins or profiles). Versions come from
 * the dependency, else from {@code <dependencyManagement>} of the pom or of its parents found inside the
 * archive by {@code <relativePath>}; {@code ${property}} references resolve over the same chain. A version
 * that stays unresolved is skipped with a warning; a dependency with no version at all (managed by a parent
 * or BOM outside the archive) is skipped silently. Test scope marks dev.
 */
final class PomParser implements ManifestParser {

    @Override
    public List<Dependency> parse(SourceFile file, ManifestFiles files) throws IOException {
        XmlTree project = XmlTree.parse(file.content());
        if (!project.name().equals("project")) {
            return List.of();
        }
        List<XmlTree> chain = PomChain.of(file, project, files);
        Map<String, String> properties = PomChain.properties(chain);
        PomInterpolator values = new PomInterpolator(properties);
        Map<String, XmlTree> managed = managed(chain, values);
        List<Dependency> out = new ArrayList<>();
        for (XmlTree dependency : project.child("dependencies").map(d -> d.all("dependency")).orElse(List.of())) {
            String group = values.resolve(dependency.value("groupId").orElse(""));
            String artifact = values.resolve(dependency.value("artifactId").orElse(""));
            String key = group + ":" + artifact;
            Optional<XmlTree> management = Optional.ofNullable(managed.get(key));
            Optional<String> declared = dependency.value("version")
                    .or(() -> management.flatMap(m -> m.value("version")));
            if (group.isEmpty() || artifact.isEmpty() || declared.isEmpty()) {
                continue;
            }
            String version = values.resolve(declared.get());
            if (version.contains("${")) {
                files.warn(ManifestFiles.VERSION_UNRESOLVED, "the version of the dependency at line " + dependency.line()
                        + " refers to a property that is not defined in this pom or its parents in the archive", file.path());
                continue;
            }
            String scope = dependency.value("scope").or(() -> management.flatMap(m -> m.value("scope"))).orElse("compile");
            out.add(new Dependency(Ecosystem.MAVEN, key, version, file.path(), dependency.line(), true,
                    values.resolve(scope).equals("test")));
        }
        return out;
    }

    /** groupId:artifactId → managed dependency, the nearest pom winning. */
    private static Map<String, XmlTree> managed(List<XmlTree> chain, PomInterpolator values) {
        Map<String, XmlTree> managed = new HashMap<>();
        for (XmlTree pom : chain.reversed()) {
            List<XmlTree> entries = pom.child("dependencyManagement").flatMap(m -> m.child("dependencies"))
                    .map(d -> d.all("dependency")).orElse(List.of());
            for (XmlTree entry : entries) {
                String key = values.resolve(entry.value("groupId").orElse("")) + ":"
                        + values.resolve(entry.value("artifactId").orElse(""));
                managed.put(key, entry);
            }
        }
        return managed;
    }
}
