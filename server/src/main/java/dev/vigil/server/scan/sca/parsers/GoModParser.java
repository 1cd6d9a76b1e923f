package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.Ecosystem;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * go.mod: every {@code require}d module with its version (the {@code v} kept), direct unless marked
 * {@code // indirect}. A {@code replace} by another module version reports that module; a replace by a
 * local directory drops the requirement.
 */
final class GoModParser implements ManifestParser {

    private record Replacement(Optional<String> module, String version) {
    }

    @Override
    public List<Dependency> parse(SourceFile file, ManifestFiles files) {
        List<Dependency> required = new ArrayList<>();
        Map<String, Replacement> replacements = new HashMap<>();
        String block = "";
        List<String> lines = ManifestFiles.text(file).lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String raw = lines.get(i);
            int comment = raw.indexOf("//");
            boolean indirect = comment >= 0 && raw.substring(comment + 2).trim().startsWith("indirect");
            String line = (comment >= 0 ? raw.substring(0, comment) : raw).trim();
            if (line.equals(")")) {
                block = "";
                continue;
            }
            List<String> words = List.of(line.split("\\s+"));
            if (words.size() == 2 && words.get(1).equals("(")) {
                block = words.getFirst();
                continue;
            }
            String verb = block.isEmpty() ? words.getFirst() : block;
            List<String> rest = block.isEmpty() ? words.subList(1, words.size()) : words;
            if (verb.equals("require") && rest.size() >= 2) {
                required.add(new Dependency(Ecosystem.GO, unquote(rest.get(0)), rest.get(1), file.path(), i + 1,
                        !indirect, false));
            } else if (verb.equals("replace")) {
                replace(rest, replacements);
            }
        }
        return required.stream().map(d -> applied(d, replacements)).flatMap(Optional::stream).toList();
    }

    private static void replace(List<String> words, Map<String, Replacement> replacements) {
        int arrow = words.indexOf("=>");
        if (arrow < 1 || arrow + 1 >= words.size()) {
            return;
        }
        String old = unquote(words.getFirst()) + (arrow == 2 ? "@" + words.get(1) : "");
        String target = unquote(words.get(arrow + 1));
        boolean local = target.startsWith(".") || target.startsWith("/");
        String version = arrow + 2 < words.size() ? words.get(arrow + 2) : "";
        replacements.put(old, new Replacement(local || version.isEmpty() ? Optional.empty() : Optional.of(target), version));
    }

    private static Optional<Dependency> applied(Dependency d, Map<String, Replacement> replacements) {
        Replacement r = replacements.getOrDefault(d.name() + "@" + d.version(), replacements.get(d.name()));
        if (r == null) {
            return Optional.of(d);
        }
        return r.module().map(module -> new Dependency(Ecosystem.GO, module, r.version(), d.manifestPath(), d.line(),
                d.direct(), false));
    }

    private static String unquote(String s) {
        return s.length() >= 2 && (s.startsWith("\"") || s.startsWith("`")) ? s.substring(1, s.length() - 1) : s;
    }
}
