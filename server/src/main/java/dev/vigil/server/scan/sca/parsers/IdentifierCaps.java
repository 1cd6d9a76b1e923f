package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;

import java.util.ArrayList;
import java.util.List;

/**
 * Length caps on what a manifest names, applied to every dependency any parser returns, before a name or
 * version reaches the advisory index or a version scheme. A dependency over a cap is no real package's; it is
 * skipped, with one {@code MANIFEST_IDENTIFIER_TOO_LONG} warning per file.
 */
final class IdentifierCaps {

    static final String TOO_LONG = "MANIFEST_IDENTIFIER_TOO_LONG";
    /** npm refuses names over 214 characters; Maven's groupId:artifactId and Go module paths stay well below. */
    static final int NAME = 512;
    /** node-semver refuses versions over 256 characters; PEP 440, Maven and gem versions in use are shorter. */
    static final int VERSION = 256;
    /** Linux's PATH_MAX. */
    static final int PATH = 4096;
    private static final int PATH_SHOWN = 200;

    private IdentifierCaps() {
    }

    /** The dependencies of {@code file} within the caps; a warning counts the others. */
    static List<Dependency> within(List<Dependency> parsed, SourceFile file, Scanner.Warnings warnings) {
        List<Dependency> kept = new ArrayList<>(parsed.size());
        for (Dependency dependency : parsed) {
            if (fits(dependency)) {
                kept.add(dependency);
            }
        }
        int skipped = parsed.size() - kept.size();
        if (skipped > 0) {
            String what = skipped == 1 ? " dependency" : " dependencies";
            warnings.warn(TOO_LONG, skipped + what + " skipped: a name over " + NAME + ", a version over " + VERSION
                    + " or a path over " + PATH + " characters", shown(file.path()));
        }
        return kept;
    }

    static boolean fits(Dependency dependency) {
        return dependency.name().length() <= NAME && dependency.version().length() <= VERSION
                && dependency.manifestPath().length() <= PATH;
    }

    private static String shown(String path) {
        return path.length() <= PATH_SHOWN ? path : path.substring(0, PATH_SHOWN) + "…";
    }
}
