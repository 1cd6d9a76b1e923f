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

    /** The package.json beside {@code file}; empty when there is none or it cannot be read. */
    static Optional<PackageJson> beside(SourceFile file, ManifestFiles files) {
        return files.sibling(file, "package.json").flatMap(PackageJson::read);
    }

    static Optional<PackageJson> read(SourceFile file) {
        try {
            return Optional.of(of(LocatedJson.parse(ManifestFiles.text(file)).root()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static PackageJson of(JsonNode manifest) {
        Set<String> production = new HashSet<>();
        Set<String> development = new HashSet<>();
        PRODUCTION_SECTIONS.forEach(section -> manifest.path(section).fieldNames().forEachRemaining(production::add));
        manifest.path("devDependencies").fieldNames().forEachRemaining(development::add);
        return new PackageJson(production, development);
    }

    PackageJson plus(PackageJson other) {
        Set<String> production = new HashSet<>(this.production);
        Set<String> development = new HashSet<>(this.development);
        production.addAll(other.production);
        development.addAll(other.development);
        return new PackageJson(production, development);
    }

    boolean declares(String name) {
        return production.contains(name) || development.contains(name);
    }

    /** Declared only as a development dependency. */
    boolean devOnly(String name) {
        return development.contains(name) && !production.contains(name);
    }
}
