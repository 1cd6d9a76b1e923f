package dev.vigil.server.policy;

import java.util.Locale;
import java.util.Set;

/** How a file writes a comment, by its name: {@code #}, {@code //} and {@code /* *}{@code /}, or none known. */
enum CommentSyntax {
    HASH(true, false),
    SLASHES(false, true),
    HASH_AND_SLASHES(true, true),
    NONE(false, false);

    private static final Set<String> HASH_EXTENSIONS = Set.of("yml", "yaml", "py", "sh", "bash", "zsh", "env",
            "toml", "rb", "properties", "conf", "cfg", "ini", "r", "pl", "ps1", "dockerfile", "mk");
    private static final Set<String> SLASH_EXTENSIONS = Set.of("js", "jsx", "mjs", "cjs", "ts", "tsx", "java",
            "kt", "kts", "go", "c", "h", "cc", "cpp", "hpp", "cs", "swift", "scala", "rs", "groovy", "gradle", "dart",
            "jsonc");
    private static final Set<String> BOTH_EXTENSIONS = Set.of("tf", "tfvars", "hcl", "php");

    private final boolean hash;
    private final boolean slashes;

    CommentSyntax(boolean hash, boolean slashes) {
        this.hash = hash;
        this.slashes = slashes;
    }

    static CommentSyntax of(String fileName) {
        String name = fileName.toLowerCase(Locale.ROOT);
        if (name.equals("dockerfile") || name.startsWith("dockerfile.") || name.equals("makefile")
                || name.equals(".env") || name.startsWith(".env.")) {
            return HASH;
        }
        int dot = name.lastIndexOf('.');
        String extension = dot < 0 ? "" : name.substring(dot + 1);
        if (BOTH_EXTENSIONS.contains(extension)) {
            return HASH_AND_SLASHES;
        }
        if (SLASH_EXTENSIONS.contains(extension)) {
            return SLASHES;
        }
        return HASH_EXTENSIONS.contains(extension) ? HASH : NONE;
    }

    /** Whether text ending in {@code prefix} opens a comment here: the marker must follow the opener. */
    boolean opensComment(String prefix) {
        String before = prefix.stripTrailing();
        if (hash && before.endsWith("#")) {
            return true;
        }
        return slashes && (before.endsWith("//") || before.endsWith("/*") || before.strip().equals("*"));
    }
}
