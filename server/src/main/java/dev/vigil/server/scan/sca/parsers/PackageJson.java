package dev.vigil.server.scan.sca.parsers;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.server.scan.SourceFile;

import java.io.IOException;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/** The names a package.json (or a lockfile root) declares: production and development. */
record PackageJson(Set<String> production, Set<String> development) {

    static final Set<String> PRODUCTION_SECTIONS = Set.of("dependencies", "optionalDependencies", "peerDependencies");

    /** The JSON of a package.json; empty when it cannot be read. */
    static Optional<JsonNode> json(SourceFile file) {
        try {
            return Optional.of(LocatedJson.parse(ManifestFiles.text(file)).root());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static PackageJson of(JsonNode manifest) {
        PackageJson declared = empty();
        declared.add(manifest);
        return declared;
    }

    /** Sets to {@link #add} manifests to: the roots of a lockfile, say. */
    static PackageJson empty() {
        return new PackageJson(new HashSet<>(), new HashSet<>());
    }

    /** Adds the names {@code manifest} declares; only on a declaration made by {@link #empty}. */
    void add(JsonNode manifest) {
        PRODUCTION_SECTIONS.forEach(section -> manifest.path(section).fieldNames().forEachRemaining(production::add));
        manifest.path("devDependencies").fieldNames().forEachRemaining(development::add);
    }

    boolean declares(String name) {
        return production.contains(name) || development.contains(name);
    }

    /** Declared only as a development dependency. */
    boolean devOnly(String name) {
        return development.contains(name) && !production.contains(name);
    }
}
