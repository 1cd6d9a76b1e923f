package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.Ecosystem;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * gradle.lockfile: {@code group:artifact:version=configurations}. A dependency locked only in test
 * configurations is dev. The lockfile does not say which are declared, so none is marked direct.
 */
final class GradleLockfileParser implements ManifestParser {

    @Override
    public List<Dependency> parse(SourceFile file, ManifestFiles files) {
        List<Dependency> out = new ArrayList<>();
        List<String> lines = ManifestFiles.text(file).lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            int eq = line.indexOf('=');
            if (line.startsWith("#") || eq < 0) {
                continue;
            }
            String[] coordinates = line.substring(0, eq).split(":");
            if (coordinates.length != 3 || Arrays.stream(coordinates).anyMatch(String::isBlank)) {
                continue;
            }
            boolean dev = Arrays.stream(line.substring(eq + 1).split(","))
                    .map(c -> c.trim().toLowerCase(Locale.ROOT))
                    .filter(c -> !c.isEmpty())
                    .allMatch(c -> c.contains("test"));
            out.add(new Dependency(Ecosystem.MAVEN, coordinates[0] + ":" + coordinates[1], coordinates[2], file.path(),
                    i + 1, false, dev && !line.substring(eq + 1).isBlank()));
        }
        return out;
    }
}
