package dev.vigil.server.scan.sca.parsers;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.re2j.Pattern;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A package.json without a lockfile in its directory or above: only exact versions ({@code 1.2.3}) are
 * reported, never ranges. With a lockfile, the lockfile's parser reads it for direct and dev flags.
 */
final class PackageJsonParser implements ManifestParser {

    static final List<String> LOCKFILES =
            List.of("package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml");
    private static final Pattern EXACT = Pattern.compile("=?v?(\\d{1,9}\\.\\d{1,9}\\.\\d{1,9}(?:[-+][0-9A-Za-z.+-]{1,64})?)");

    @Override
    public List<Dependency> parse(SourceFile file, ManifestFiles files) throws IOException {
        if (files.hasInDirectoryOrAbove(file, LOCKFILES)) {
            return List.of();
        }
        LocatedJson json = LocatedJson.parse(ManifestFiles.text(file));
        List<Dependency> out = new ArrayList<>();
        for (String section : List.of("dependencies", "optionalDependencies", "devDependencies")) {
            JsonNode declared = json.root().path(section);
            for (Iterator<Map.Entry<String, JsonNode>> it = declared.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                var exact = EXACT.matcher(e.getValue().asText("").trim());
                if (exact.matches()) {
                    int line = json.line(LocatedJson.pointer(section, e.getKey()));
                    NpmLockParser.npm(e.getKey(), exact.group(1), file, line, true, section.equals("devDependencies"))
                            .ifPresent(out::add);
                }
            }
        }
        return out;
    }
}
