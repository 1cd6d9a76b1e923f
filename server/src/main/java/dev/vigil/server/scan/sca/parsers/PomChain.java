package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.SourceFile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** A pom and its parents found inside the archive by {@code <relativePath>} (default {@code ../pom.xml}). */
final class PomChain {

    private static final int MAX_PARENTS = 16;

    private PomChain() {
    }

    /** The pom first, then its parent, grandparent…, as far as the archive holds them. */
    static List<XmlTree> of(SourceFile file, XmlTree project, ManifestFiles files) {
        List<XmlTree> chain = new ArrayList<>(List.of(project));
        Set<String> seen = new HashSet<>(Set.of(file.path()));
        SourceFile current = file;
        XmlTree pom = project;
        while (chain.size() <= MAX_PARENTS) {
            Optional<XmlTree> parentRef = pom.child("parent");
            SourceFile child = current;
            Optional<SourceFile> parentFile = parentRef.flatMap(p -> locate(p, files, child));
            if (parentFile.isEmpty() || !seen.add(parentFile.get().path())) {
                break;
            }
            Optional<XmlTree> parent = read(parentFile.get());
            if (parent.isEmpty() || !matches(parentRef.get(), parent.get())) {
                break;
            }
            chain.add(parent.get());
            current = parentFile.get();
            pom = parent.get();
        }
        return chain;
    }

    private static Optional<SourceFile> locate(XmlTree parentRef, ManifestFiles files, SourceFile child) {
        Optional<XmlTree> relative = parentRef.child("relativePath");
        String path = relative.map(r -> r.text().trim()).orElse("../pom.xml");
        if (path.isEmpty()) {
            return Optional.empty();
        }
        return files.resolve(child, path.endsWith(".xml") ? path : path + "/pom.xml");
    }

    private static Optional<XmlTree> read(SourceFile file) {
        try {
            XmlTree tree = XmlTree.parse(file.content());
            return tree.name().equals("project") ? Optional.of(tree) : Optional.empty();
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    /** The parent found is the one declared: same artifactId, and same groupId when both say. */
    private static boolean matches(XmlTree parentRef, XmlTree parent) {
        Optional<String> group = parent.value("groupId").or(() -> parent.child("parent").flatMap(p -> p.value("groupId")));
        return parentRef.value("artifactId").equals(parent.value("artifactId"))
                && (group.isEmpty() || parentRef.value("groupId").isEmpty() || group.equals(parentRef.value("groupId")));
    }

    /** The properties of the chain (the nearest pom winning) and the project's own coordinates. */
    static Map<String, String> properties(List<XmlTree> chain) {
        Map<String, String> properties = new HashMap<>();
        for (XmlTree pom : chain.reversed()) {
            pom.child("properties").ifPresent(p -> p.children().forEach(c -> properties.put(c.name(), c.text().trim())));
        }
        XmlTree project = chain.getFirst();
        Optional<XmlTree> parent = project.child("parent");
        for (String field : List.of("groupId", "artifactId", "version")) {
            Optional<String> value = project.value(field).or(() -> parent.flatMap(p -> p.value(field)));
            value.ifPresent(v -> {
                properties.put("project." + field, v);
                properties.put("pom." + field, v);
            });
            parent.flatMap(p -> p.value(field)).ifPresent(v -> properties.put("project.parent." + field, v));
        }
        Optional.ofNullable(properties.get("project.version")).ifPresent(v -> properties.putIfAbsent("version", v));
        return properties;
    }
}
