package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SourceFile;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The candidate files of one archive, by path, so that a parser can find a sibling, a parent or an include. */
final class ManifestFiles {

    static final String UNPARSEABLE = "MANIFEST_UNPARSEABLE";
    static final String INCLUDE_MISSING = "MANIFEST_INCLUDE_MISSING";
    static final String VERSION_UNRESOLVED = "MANIFEST_VERSION_UNRESOLVED";

    private final Map<String, SourceFile> byPath = new LinkedHashMap<>();
    private final Scanner.Warnings warnings;
    private final Set<String> claimed = new HashSet<>();

    ManifestFiles(List<SourceFile> files, Scanner.Warnings warnings) {
        files.forEach(f -> byPath.putIfAbsent(f.path(), f));
        this.warnings = warnings;
    }

    void warn(String code, String message, String path) {
        warnings.warn(code, message, path);
    }

    /** Marks a file as read (by its own parser or as an include); false if it already was. */
    boolean claim(String path) {
        return claimed.add(path);
    }

    /** The file named {@code name} in the same directory as {@code file}. */
    Optional<SourceFile> sibling(SourceFile file, String name) {
        return Optional.ofNullable(byPath.get(directoryOf(file.path()) + name));
    }

    /** A path relative to the directory of {@code file}, normalised; empty if it leaves the archive. */
    Optional<SourceFile> resolve(SourceFile file, String relative) {
        return normalise(directoryOf(file.path()) + relative).map(byPath::get);
    }

    /** Whether a file with one of these names sits in the directory of {@code file} or above it. */
    boolean hasInDirectoryOrAbove(SourceFile file, List<String> names) {
        String dir = directoryOf(file.path());
        while (true) {
            for (String name : names) {
                if (byPath.containsKey(dir + name)) {
                    return true;
                }
            }
            if (dir.isEmpty()) {
                return false;
            }
            dir = directoryOf(dir.substring(0, dir.length() - 1));
        }
    }

    /** The text of a file without a leading byte-order mark (Windows tools write one; lines are unchanged). */
    static String text(SourceFile file) {
        String text = file.text();
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /** The directory part of a path, with its trailing slash, or the empty string. */
    static String directoryOf(String path) {
        return path.substring(0, path.lastIndexOf('/') + 1);
    }

    static Optional<String> normalise(String path) {
        StringBuilder out = new StringBuilder();
        ArrayDeque<String> parts = new ArrayDeque<>();
        for (String part : path.replace('\\', '/').split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                if (parts.isEmpty()) {
                    return Optional.empty();
                }
                parts.removeLast();
            } else {
                parts.addLast(part);
            }
        }
        parts.forEach(p -> out.append(out.isEmpty() ? "" : "/").append(p));
        return Optional.of(out.toString());
    }
}
