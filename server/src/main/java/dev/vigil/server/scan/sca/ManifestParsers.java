package dev.vigil.server.scan.sca;

import dev.vigil.server.scan.ScanDeadline;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.parsers.ManifestFormats;

import java.util.List;

/**
 * Reads the dependencies of manifests and lockfiles: package-lock.json (v1–v3), npm-shrinkwrap.json,
 * yarn.lock, pnpm-lock.yaml, requirements*.txt, Pipfile.lock, poetry.lock, uv.lock, go.mod, Cargo.lock,
 * Gemfile.lock, composer.lock, pom.xml, gradle.lockfile and packages.lock.json.
 *
 * <p>Contract: never reaches the network or the file system, runs in time linear in its input, never throws
 * for malformed content (a {@code MANIFEST_UNPARSEABLE} warning names the file). Other codes:
 * {@code MANIFEST_INCLUDE_MISSING} (a {@code -r} include not in the archive),
 * {@code MANIFEST_VERSION_UNRESOLVED} (a pom version with an unresolvable {@code ${…}}) and
 * {@code MANIFEST_IDENTIFIER_TOO_LONG} (dependencies skipped for a name, version or path over its length cap).
 */
public final class ManifestParsers {

    private ManifestParsers() {
    }

    /** Whether a file should be kept for {@link #parse}, by its name: manifests, lockfiles and their companions. */
    public static boolean isManifest(String path) {
        return ManifestFormats.recognises(path);
    }

    /**
     * The dependencies found in all candidate files of one archive, given at once so that parent poms,
     * {@code -r} includes and a lockfile's sibling manifest resolve by relative path.
     */
    public static List<Dependency> parse(List<SourceFile> files, Scanner.Warnings warnings) {
        return parse(files, warnings, ScanDeadline.none());
    }

    /** As {@link #parse(List, Scanner.Warnings)}, stopping between files once {@code deadline} has passed. */
    public static List<Dependency> parse(List<SourceFile> files, Scanner.Warnings warnings, ScanDeadline deadline) {
        return ManifestFormats.parse(files, warnings, deadline);
    }
}
