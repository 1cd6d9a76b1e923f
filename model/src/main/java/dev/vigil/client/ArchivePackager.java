package dev.vigil.client;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPOutputStream;

/**
 * Builds the {@code .tar.gz} of a scan submission from a directory, per the packaging guidance of the
 * specification (4.1): version-control data and large or generated directories ({@code .git},
 * {@code node_modules}, {@code vendor}, {@code .terraform}, {@code target}, {@code dist}, {@code build}) are
 * left out at any depth, {@code .gitignore} files are honoured (see {@link GitIgnore} for the subset), links
 * are never followed and special files are skipped. Entries carry no owner or time. Names longer than the
 * 100 bytes of a ustar header use a PAX header. The archive is refused with {@link TooLargeException} as
 * soon as it would exceed the server's 50 MiB.
 */
public final class ArchivePackager {

    public static final long MAX_ARCHIVE_BYTES = 50L * 1024 * 1024;
    public static final Set<String> SKIPPED_DIRECTORIES = Set.of(".git", "node_modules", "vendor", ".terraform",
            "target", "dist", "build");

    /** The archive would exceed the limit. */
    public static final class TooLargeException extends RuntimeException {
        TooLargeException(String message) {
            super(message);
        }
    }

    /** What was packaged: the archive file, how many files it holds, its size, and how many paths were left out. */
    public record Packaged(Path archive, int files, long bytes, int skipped) {
    }

    private final long maxBytes;

    public ArchivePackager() {
        this(MAX_ARCHIVE_BYTES);
    }

    public ArchivePackager(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** Packages {@code root} into {@code archive} (replaced); on any failure the archive file is deleted. */
    public Packaged pack(Path root, Path archive) {
        try (OutputStream file = Files.newOutputStream(archive);
             Capped capped = new Capped(file, maxBytes);
             GZIPOutputStream gzip = new GZIPOutputStream(capped, 1 << 16)) {
            Walk walk = new Walk(root.toRealPath(), new TarWriter(gzip));
            Files.walkFileTree(walk.root, walk);
            walk.tar.finish();
            gzip.finish();
            return new Packaged(archive, walk.files, capped.count, walk.skipped);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(archive);
            if (e instanceof TooLargeIo tooLarge) {
                throw new TooLargeException(tooLarge.getMessage());
            }
            if (e instanceof UncheckedIOException unchecked && unchecked.getCause() instanceof TooLargeIo tooLarge) {
                throw new TooLargeException(tooLarge.getMessage());
            }
            throw e instanceof IOException io ? new UncheckedIOException("cannot package " + root, io)
                    : (RuntimeException) e;
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // the archive was a temporary file anyway
        }
    }

    /** Walks the tree without following links, keeping the .gitignore rules of each directory on a stack. */
    private static final class Walk extends SimpleFileVisitor<Path> {
        private record Scope(Path dir, GitIgnore rules) {
        }

        private final Path root;
        private final TarWriter tar;
        private final Deque<Scope> scopes = new ArrayDeque<>();
        private int files;
        private int skipped;

        Walk(Path root, TarWriter tar) {
            this.root = root;
            this.tar = tar;
        }

        @Override
        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
            if (!dir.equals(root) && (SKIPPED_DIRECTORIES.contains(dir.getFileName().toString()) || ignored(dir, true))) {
                skipped++;
                return FileVisitResult.SKIP_SUBTREE;
            }
            Path rules = dir.resolve(".gitignore");
            if (Files.isRegularFile(rules, LinkOption.NOFOLLOW_LINKS)) {
                scopes.push(new Scope(dir, GitIgnore.parse(Files.readString(rules, StandardCharsets.UTF_8))));
            }
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult postVisitDirectory(Path dir, IOException failure) throws IOException {
            if (!scopes.isEmpty() && scopes.peek().dir().equals(dir)) {
                scopes.pop();
            }
            if (failure != null) {
                throw failure;
            }
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
            if (!attrs.isRegularFile() || ignored(file, false)) {
                skipped++;
                return FileVisitResult.CONTINUE;
            }
            tar.add(relative(root, file), file, attrs.size(), Files.isExecutable(file));
            files++;
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFileFailed(Path file, IOException failure) throws IOException {
            throw failure;
        }

        /** Git's order: the deepest .gitignore that mentions the path decides. */
        private boolean ignored(Path path, boolean directory) {
            for (Scope scope : scopes) {
                GitIgnore.Verdict verdict = scope.rules().check(relative(scope.dir(), path), directory);
                if (verdict != GitIgnore.Verdict.UNMENTIONED) {
                    return verdict == GitIgnore.Verdict.IGNORED;
                }
            }
            return false;
        }
    }

    static String relative(Path base, Path path) {
        List<String> names = new ArrayList<>();
        base.relativize(path).forEach(name -> names.add(name.toString()));
        return String.join("/", names);
    }

    /** Counts what reaches the file and refuses to go past the cap. */
    private static final class Capped extends FilterOutputStream {
        private final long max;
        private long count;

        Capped(OutputStream out, long max) {
            super(out);
            this.max = max;
        }

        @Override
        public void write(int b) throws IOException {
            check(1);
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            check(len);
            out.write(b, off, len);
        }

        private void check(int more) throws TooLargeIo {
            count += more;
            if (count > max) {
                throw new TooLargeIo("the archive would exceed " + (max / (1024 * 1024)) + " MiB, the server's limit: "
                        + "leave large or generated files out with .gitignore, or scan a smaller directory");
            }
        }
    }

    private static final class TooLargeIo extends IOException {
        TooLargeIo(String message) {
            super(message);
        }
    }
}
