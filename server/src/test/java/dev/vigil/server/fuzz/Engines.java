package dev.vigil.server.fuzz;

import dev.vigil.server.advisories.AdvisoryFixtures;
import dev.vigil.server.advisories.AdvisoryImporter;
import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.advisories.StoredAdvisories;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.iac.IacScanner;
import dev.vigil.server.scan.sca.AdvisoryMatcher;
import dev.vigil.server.scan.sca.ScaScanner;
import dev.vigil.server.scan.secrets.SecretsScanner;
import dev.vigil.server.store.Database;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One scan of one hostile file by a real engine, as the pipeline runs it: a session, the file, finish. The
 * scanner contract says a session never throws for what a file holds, so any throwable fails the input.
 */
final class Engines {

    private static final Scanner IAC = new IacScanner();
    private static final Scanner SECRETS = new SecretsScanner();
    /**
     * The dependency engine over an in-memory database of the bundled advisories of npm, Maven, RubyGems and
     * Packagist (every version scheme but PEP 440, which {@link VersionFuzzTest} covers): hostile versions of
     * those packages reach the version comparisons.
     */
    private static final Scanner SCA = scaWithAdvisories();

    private Engines() {
    }

    static void iac(String path, byte[] content) {
        scan(IAC, List.of(new SourceFile(path, content)));
    }

    /** Several files of one scan, split from one input at its NUL bytes and given the paths in turn. */
    static void iac(List<String> paths, byte[] input) {
        List<SourceFile> files = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= input.length && files.size() < paths.size(); i++) {
            if (i == input.length || input[i] == 0) {
                files.add(new SourceFile(paths.get(files.size()), Arrays.copyOfRange(input, start, i)));
                start = i + 1;
            }
        }
        scan(IAC, files);
    }

    static void secrets(String path, byte[] content) {
        scan(SECRETS, List.of(new SourceFile(path, content)));
    }

    static void sca(String path, byte[] content) {
        scan(SCA, List.of(new SourceFile(path, content)));
    }

    /** A lockfile with its companion manifest, split from one input at its first NUL byte. */
    static void sca(String path, String companion, byte[] input) {
        int split = 0;
        while (split < input.length && input[split] != 0) {
            split++;
        }
        byte[] first = Arrays.copyOfRange(input, 0, split);
        byte[] second = Arrays.copyOfRange(input, Math.min(split + 1, input.length), input.length);
        scan(SCA, List.of(new SourceFile(path, first), new SourceFile(companion, second)));
    }

    private static Scanner scaWithAdvisories() {
        Database database = AdvisoryFixtures.memoryDatabase();
        AdvisoryRepository repository = new AdvisoryRepository();
        List<Path> files = AdvisoryFixtures.snapshotFiles().stream()
                .filter(file -> !file.getFileName().toString().matches("(pypi|go)-.*")).toList();
        try {
            new AdvisoryImporter(database, repository, Clock.systemUTC()).importPaths(files);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ScaScanner scanner = new ScaScanner(new AdvisoryMatcher(new StoredAdvisories(database, repository)));
        warmUp(scanner);
        return scanner;
    }

    /** Loads each ecosystem's advisory index once, so that no input is timed with a first load. */
    private static void warmUp(Scanner scanner) {
        Scanner.Session session = scanner.start((code, message, path) -> { });
        session.scan(new SourceFile("package-lock.json", """
                {"lockfileVersion":3,"packages":{"node_modules/lodash":{"version":"4.17.4"}}}""".getBytes()));
        session.scan(new SourceFile("gradle.lockfile", "commons-collections:commons-collections:3.2.1=x\n".getBytes()));
        session.scan(new SourceFile("Gemfile.lock", "GEM\n  specs:\n    rails (5.2.0)\n".getBytes()));
        session.scan(new SourceFile("composer.lock", """
                {"packages":[{"name":"symfony/http-kernel","version":"v4.4.0"}]}""".getBytes()));
        session.finish();
    }

    private static void scan(Scanner scanner, List<SourceFile> files) {
        int size = files.stream().mapToInt(SourceFile::size).sum();
        List<String> warnings = new ArrayList<>();
        Fuzzing.withinTime(size, () -> {
            Scanner.Session session = scanner.start((code, message, path) -> warnings.add(code));
            files.forEach(session::scan);
            session.finish();
        });
    }
}
