package dev.vigil.server.scan.sca;

import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SourceFile;

import java.util.List;

/** Placeholder for the manifest and lockfile parsers (written separately; the merge replaces this class). */
public final class ManifestParsers {

    private ManifestParsers() {
    }

    /** Every dependency declared or locked in {@code files}; problems go to {@code warnings}. */
    public static List<Dependency> parse(List<SourceFile> files, Scanner.Warnings warnings) {
        return List.of();
    }
}
