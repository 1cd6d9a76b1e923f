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

/**
 * package-lock.json and npm-shrinkwrap.json. Versions 2 and 3 list every installed package under
 * {@code packages} keyed by its {@code node_modules/…} path; version 1 nests {@code dependencies}.
 */
final class NpmLockParser implements ManifestParser {

    private static final String MODULES = "node_modules/";

    @Override
    public List<Dependency> parse(SourceFile file, ManifestFiles files) throws IOException {
        LocatedJson json = LocatedJson.parse(ManifestFiles.text(file));
        if (!json.root().isObject()) {
            throw new MalformedManifestException("a package lock is a JSON object");
        }
        List<Dependency> out = new ArrayList<>();
        if (json.root().path("packages").isObject()) {
            readPackages(file, json, out);
        } else {
            Optional<PackageJson> manifest = PackageJson.beside(file, files);
            readNested(file, json, json.root().path("dependencies"), "/dependencies", manifest, out);
        }
        return out;
    }

    private static void readPackages(SourceFile file, LocatedJson json, List<Dependency> out) {
        JsonNode packages = json.root().path("packages");
        PackageJson roots = PackageJson.empty();
        for (Iterator<Map.Entry<String, JsonNode>> it = packages.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getKey().startsWith(MODULES) && !e.getKey().contains("/" + MODULES)) {
                roots.add(e.getValue());
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = packages.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey();
            JsonNode entry = e.getValue();
            int at = key.lastIndexOf(MODULES);
            if (at < 0 || entry.path("link").asBoolean(false) || !entry.path("version").isTextual()) {
                continue;
            }
            String name = entry.path("name").asText(key.substring(at + MODULES.length()));
            boolean topLevel = at == 0 || !key.substring(0, at).contains(MODULES);
            boolean direct = topLevel && roots.declares(name);
            boolean dev = entry.path("dev").asBoolean(false);
            int line = json.line(LocatedJson.pointer("packages", key));
            npm(name, entry.path("version").asText(), file, line, direct, dev).ifPresent(out::add);
        }
    }

    private static void readNested(SourceFile file, LocatedJson json, JsonNode dependencies, String at,
                                   Optional<PackageJson> manifest, List<Dependency> out) {
        boolean topLevel = at.equals("/dependencies");
        for (Iterator<Map.Entry<String, JsonNode>> it = dependencies.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode entry = e.getValue();
            String here = LocatedJson.child(at, e.getKey());
            boolean direct = topLevel && manifest.map(m -> m.declares(e.getKey())).orElse(false);
            npm(e.getKey(), entry.path("version").asText(""), file, json.line(here), direct,
                    entry.path("dev").asBoolean(false)).ifPresent(out::add);
            if (entry.path("dependencies").isObject()) {
                readNested(file, json, entry.path("dependencies"), LocatedJson.child(here, "dependencies"), manifest,
                        out);
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
}
