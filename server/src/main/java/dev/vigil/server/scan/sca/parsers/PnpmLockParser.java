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
        Set<String> devOnly = DevReach.devOnly(edges(root.path("snapshots")), production, development);
        List<Dependency> out = new ArrayList<>();
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
            NpmLockParser.npm(nameVersion.get()[0], nameVersion.get()[1], file, line, direct, dev).ifPresent(out::add);
        });
        return out;
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

    /** Version 9's {@code snapshots}: name@version → the name@version of its dependencies. */
    private static Map<String, List<String>> edges(JsonNode snapshots) {
        Map<String, List<String>> edges = new HashMap<>();
        snapshots.fields().forEachRemaining(s -> nameVersion(s.getKey(), false).ifPresent(nv -> {
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
