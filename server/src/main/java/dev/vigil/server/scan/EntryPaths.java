package dev.vigil.server.scan;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Tar entry names made safe: normalised relative paths, and the directories of the packaging guidance. */
final class EntryPaths {

    /**
     * Directories the packaging guidance leaves out, skipped at any depth
     * (docs/adr/0007-archive-read-once-as-a-stream.md).
     */
    static final Set<String> EXCLUDED_DIRECTORIES =
            Set.of(".git", "node_modules", "vendor", ".terraform", "target", "dist", "build");

    private static final int PRINTABLE_MAX_LENGTH = 512;

    /** What an entry name is once normalised. */
    sealed interface EntryName {
    }

    /** A relative path with {@code /} separators, no empty, {@code .} or {@code ..} segment. */
    record Relative(String path) implements EntryName {
    }

    /** The archive root itself ({@code .}, {@code ./}): nothing to read. */
    record Root() implements EntryName {
    }

    /** A name that must not be used: absolute, escaping the root, or holding a NUL byte. */
    record Unsafe(String reason) implements EntryName {
    }

    private EntryPaths() {
    }

    /** Normalises a raw entry name; a backslash counts as a separator, as archives made on Windows use it. */
    static EntryName normalise(String raw) {
        if (raw.indexOf('\0') >= 0) {
            return new Unsafe("its name holds a NUL byte");
        }
        String name = raw.replace('\\', '/');
        if (name.startsWith("/")) {
            return new Unsafe("it is an absolute path");
        }
        if (name.length() >= 2 && name.charAt(1) == ':' && isAsciiLetter(name.charAt(0))) {
            return new Unsafe("it is a drive-letter path");
        }
        List<String> segments = new ArrayList<>();
        for (String segment : name.split("/")) {
            switch (segment) {
                case "", "." -> { }
                case ".." -> {
                    if (segments.isEmpty()) {
                        return new Unsafe("it escapes the archive root");
                    }
                    segments.removeLast();
                }
                default -> segments.add(segment);
            }
        }
        return segments.isEmpty() ? new Root() : new Relative(String.join("/", segments));
    }

    /** Whether a normalised path lies under a directory of the packaging guidance, at any depth. */
    static boolean isExcluded(String path) {
        int start = 0;
        for (int slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', start)) {
            if (EXCLUDED_DIRECTORIES.contains(path.substring(start, slash))) {
                return true;
            }
            start = slash + 1;
        }
        return false;
    }

    /** An untrusted name fit for a warning: control characters replaced, length bounded. */
    static String printable(String raw) {
        StringBuilder text = new StringBuilder(Math.min(raw.length(), PRINTABLE_MAX_LENGTH + 1));
        for (int i = 0; i < raw.length() && i < PRINTABLE_MAX_LENGTH; i++) {
            char c = raw.charAt(i);
            text.append(Character.isISOControl(c) ? '?' : c);
        }
        if (raw.length() > PRINTABLE_MAX_LENGTH) {
            text.append('…');
        }
        return text.toString();
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
}
