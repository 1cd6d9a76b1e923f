package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** Test fixtures: in-memory archives of manifests and the warnings their parsing reports. */
final class Manifests {

    record Warning(String code, String message, String path) {
    }

    /** Collects warnings. */
    static final class Collected implements Scanner.Warnings {
        final List<Warning> all = new ArrayList<>();

        @Override
        public void warn(String code, String message, String path) {
            all.add(new Warning(code, message, path));
        }

        List<String> codes() {
            return all.stream().map(Warning::code).toList();
        }
    }

    private Manifests() {
    }

    static SourceFile file(String path, String text) {
        return new SourceFile(path, text.getBytes(StandardCharsets.UTF_8));
    }

    static List<Dependency> parse(Collected warnings, SourceFile... files) {
        return ManifestFormats.parse(Arrays.asList(files), warnings);
    }

    static List<Dependency> parse(SourceFile... files) {
        Collected warnings = new Collected();
        List<Dependency> found = parse(warnings, files);
        if (!warnings.all.isEmpty()) {
            throw new AssertionError("unexpected warnings: " + warnings.all);
        }
        return found;
    }

    static Dependency named(List<Dependency> found, String name) {
        return find(found, name).orElseThrow(() -> new AssertionError("no " + name + " in " + found));
    }

    static Optional<Dependency> find(List<Dependency> found, String name) {
        return found.stream().filter(d -> d.name().equals(name)).findFirst();
    }
}
