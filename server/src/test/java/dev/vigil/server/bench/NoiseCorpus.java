package dev.vigil.server.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Real code without secrets in it, gathered at bench time from what the machine holds or the registries
 * serve: the running JDK's {@code lib/src.zip} and every {@code -sources.jar} of the local Maven repository
 * (Java), the Python standard library and site packages under {@code /usr/lib/python3*} (Python), and npm
 * packages installed into a temporary folder plus the npm that ships with Node (JavaScript). Each file goes
 * to the sink with its language, read one at a time.
 */
final class NoiseCorpus {

    /** Packages of the npm registry installed for the JavaScript part (without their install scripts). */
    static final List<String> NPM_PACKAGES = List.of("typescript", "webpack", "eslint", "@babel/core", "lodash",
            "rxjs", "react-dom", "three", "moment", "express", "axios", "prettier", "aws-sdk", "googleapis");

    private static final long MAX_FILE = 8L << 20;

    enum Language { JAVA, PYTHON, JAVASCRIPT, OTHER }

    @FunctionalInterface
    interface Sink {
        void accept(String source, String path, Language language, byte[] content);
    }

    private final Sink sink;

    NoiseCorpus(Sink sink) {
        this.sink = sink;
    }

    void jdkSources() throws IOException {
        zip("jdk", Path.of(System.getProperty("java.home"), "lib", "src.zip"));
    }

    void mavenSourceJars() throws IOException {
        Path repository = Path.of(System.getProperty("user.home"), ".m2", "repository");
        for (Path jar : files(repository, path -> path.getFileName().toString().endsWith("-sources.jar"))) {
            zip("m2:" + jar.getFileName(), jar);
        }
    }

    void pythonLibraries() throws IOException {
        try (Stream<Path> roots = Files.list(Path.of("/usr/lib"))) {
            for (Path root : roots.filter(p -> p.getFileName().toString().startsWith("python3")).sorted().toList()) {
                tree("python:" + root, root);
            }
        }
    }

    /** Installs {@link #NPM_PACKAGES} into a temporary folder with {@code npm}, scans it, and deletes it. */
    void npmPackages(Path workDir) throws IOException, InterruptedException {
        tree("node:/usr/lib/node_modules", Path.of("/usr/lib/node_modules"));
        Path folder = Files.createTempDirectory(workDir, "noise-npm");
        try {
            List<String> command = new ArrayList<>(List.of("npm", "install", "--no-audit", "--no-fund",
                    "--ignore-scripts", "--no-package-lock", "--loglevel=error", "--prefix", folder.toString()));
            command.addAll(NPM_PACKAGES);
            if (!install(command)) {
                System.out.println("noise: npm install failed; the JavaScript part holds only Node's own npm");
                return;
            }
            tree("npm:" + String.join(",", NPM_PACKAGES), folder.resolve("node_modules"));
        } finally {
            delete(folder);
        }
    }

    private static boolean install(List<String> command) throws InterruptedException {
        try {
            Process npm = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!npm.waitFor(15, TimeUnit.MINUTES)) {
                npm.destroyForcibly();
                return false;
            }
            return npm.exitValue() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    static Language languageOf(String path) {
        String name = path.toLowerCase(Locale.ROOT);
        if (name.endsWith(".java")) {
            return Language.JAVA;
        }
        if (name.endsWith(".py") || name.endsWith(".pyi")) {
            return Language.PYTHON;
        }
        if (name.endsWith(".js") || name.endsWith(".mjs") || name.endsWith(".cjs") || name.endsWith(".ts")
                || name.endsWith(".jsx") || name.endsWith(".tsx") || name.endsWith(".mts") || name.endsWith(".cts")) {
            return Language.JAVASCRIPT;
        }
        return Language.OTHER;
    }

    private void zip(String source, Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return;
        }
        try (ZipFile zip = new ZipFile(file.toFile())) {
            for (ZipEntry entry : Collections.list(zip.entries())) {
                if (!entry.isDirectory() && entry.getSize() <= MAX_FILE) {
                    try (InputStream in = zip.getInputStream(entry)) {
                        sink.accept(source, entry.getName(), languageOf(entry.getName()), in.readAllBytes());
                    }
                }
            }
        }
    }

    private void tree(String source, Path root) throws IOException {
        for (Path file : files(root, path -> true)) {
            if (Files.size(file) <= MAX_FILE) {
                String path = root.relativize(file).toString();
                sink.accept(source, path, languageOf(path), Files.readAllBytes(file));
            }
        }
    }

    private static List<Path> files(Path root, Predicate<Path> filter) throws IOException {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).filter(filter).sorted().toList();
        }
    }

    private static void delete(Path folder) throws IOException {
        try (Stream<Path> walk = Files.walk(folder)) {
            walk.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
