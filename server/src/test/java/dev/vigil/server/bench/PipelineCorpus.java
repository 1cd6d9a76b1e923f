package dev.vigil.server.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * About 100 MB of real {@code .py} and {@code .js} files gathered at bench time from the machine: the Python
 * libraries under {@code /usr/lib/python3*}, the npm that ships with Node, and npm packages installed once with
 * the machine's npm into a cache folder ({@code ~/.cache/vigil-bench/corpus-npm}, without install scripts).
 * The files are copied into a directory (directories named {@code node_modules} renamed {@code nm}, which a scan
 * would skip) and packed with {@code tar -czf}: the archive a client would send, and the tree the floor reads.
 */
record PipelineCorpus(Path tree, Path archive, int files, long bytes) implements AutoCloseable {

    /** Installed into the cache folder for the JavaScript part: NoiseCorpus's packages but the two SDKs. */
    static final List<String> NPM_PACKAGES = List.of("typescript", "webpack", "eslint", "@babel/core", "lodash",
            "rxjs", "react-dom", "three", "moment", "express", "axios", "prettier");

    static Path cacheFolder() {
        return Path.of(System.getProperty("bench.cache",
                Path.of(System.getProperty("user.home"), ".cache", "vigil-bench").toString()));
    }

    /** Gathers up to {@code limitBytes} of source into a new temporary folder and packs it. */
    static PipelineCorpus build(long limitBytes) throws IOException, InterruptedException {
        Path root = Files.createTempDirectory("vigil-pipeline");
        Path tree = root.resolve("corpus");
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> libs = Files.list(Path.of("/usr/lib"))) {
            libs.filter(p -> p.getFileName().toString().startsWith("python3")).sorted().forEach(sources::add);
        }
        sources.add(Path.of("/usr/lib/node_modules"));
        Path npm = npmPackages();
        if (npm != null) {
            sources.add(npm);
        }
        long bytes = 0;
        int files = 0;
        for (Path source : sources) {
            for (Path file : sourceFiles(source)) {
                long size = Files.size(file);
                if (bytes + size > limitBytes) {
                    continue;
                }
                Path target = tree.resolve(source.getFileName() + "-" + files / 10_000)
                        .resolve(source.relativize(file).toString().replace("node_modules", "nm"));
                Files.createDirectories(target.getParent());
                Files.copy(file, target);
                bytes += size;
                files++;
            }
        }
        Path archive = root.resolve("corpus.tar.gz");
        Commands.run(List.of("tar", "-czf", archive.toString(), "-C", tree.toString(), "."));
        return new PipelineCorpus(tree, archive, files, bytes);
    }

    /** The npm packages' folder in the cache, installed first if missing; null when npm fails. */
    private static Path npmPackages() throws IOException, InterruptedException {
        Path prefix = cacheFolder().resolve("corpus-npm");
        Path modules = prefix.resolve("node_modules");
        if (!Files.isDirectory(modules.resolve("typescript"))) {
            Files.createDirectories(prefix);
            List<String> command = new ArrayList<>(List.of("npm", "install", "--no-audit", "--no-fund",
                    "--ignore-scripts", "--no-package-lock", "--loglevel=error", "--prefix", prefix.toString()));
            command.addAll(NPM_PACKAGES);
            System.out.println("corpus: npm install " + String.join(" ", NPM_PACKAGES) + " into " + prefix);
            if (Commands.run(command, 15, TimeUnit.MINUTES).exit() != 0) {
                System.out.println("corpus: npm install failed; the JavaScript part holds only Node's own npm");
                return null;
            }
        }
        return modules;
    }

    private static List<Path> sourceFiles(Path root) throws IOException {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).filter(PipelineCorpus::isSource).sorted().toList();
        }
    }

    private static boolean isSource(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".py") || name.endsWith(".js");
    }

    long archiveBytes() {
        try {
            return Files.size(archive);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    byte[] archiveContent() {
        try {
            return Files.readAllBytes(archive);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        Commands.deleteTree(tree.getParent());
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "corpus: %,d .py and .js files, %,d bytes (%.1f MB), %s as .tar.gz (%.1f MiB)",
                files, bytes, bytes / 1e6, archiveBytes(), archiveBytes() / 1048576.0);
    }
}
