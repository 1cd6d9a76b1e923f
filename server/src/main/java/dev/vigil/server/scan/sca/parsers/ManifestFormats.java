package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.ParseError;
import dev.vigil.server.scan.ScanDeadline;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The manifest and lockfile formats Vigil reads, chosen by file name. Use {@link dev.vigil.server.scan.sca.ManifestParsers}.
 */
public final class ManifestFormats {

    /** Files read only beside a lockfile (direct and dev flags), never on their own. */
    private static final Set<String> COMPANIONS = Set.of("Pipfile", "pyproject.toml", "Gemfile", "composer.json",
            "Cargo.toml");

    private static final Map<String, ManifestParser> BY_NAME = Map.ofEntries(
            Map.entry("package-lock.json", new NpmLockParser()),
            Map.entry("npm-shrinkwrap.json", new NpmLockParser()),
            Map.entry("package.json", new PackageJsonParser()),
            Map.entry("yarn.lock", new YarnLockParser()),
            Map.entry("pnpm-lock.yaml", new PnpmLockParser()),
            Map.entry("Pipfile.lock", new PipfileLockParser()),
            Map.entry("poetry.lock", new PoetryLockParser()),
            Map.entry("uv.lock", new UvLockParser()),
            Map.entry("pom.xml", new PomParser()),
            Map.entry("go.mod", new GoModParser()),
            Map.entry("Cargo.lock", new CargoLockParser()),
            Map.entry("Gemfile.lock", new GemfileLockParser()),
            Map.entry("gems.locked", new GemfileLockParser()),
            Map.entry("composer.lock", new ComposerLockParser()),
            Map.entry("gradle.lockfile", new GradleLockfileParser()),
            Map.entry("buildscript-gradle.lockfile", new GradleLockfileParser()),
            Map.entry("packages.lock.json", new NugetLockParser()));
    private static final ManifestParser REQUIREMENTS = new RequirementsParser();

    private ManifestFormats() {
    }

    /**
     * Whether the pipeline should keep this file for {@link #parse}: by its name only. Files inside an installed
     * {@code node_modules} tree are the lockfile's business, never manifests of the project.
     */
    public static boolean recognises(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        boolean installed = path.startsWith("node_modules/") || path.contains("/node_modules/");
        return !installed && (parserFor(path, name).isPresent() || COMPANIONS.contains(name));
    }

    /**
     * The dependencies of all manifests and lockfiles among {@code files}; malformed ones are reported as
     * unreadable, with the place their parser gave up and never its message.
     */
    public static List<Dependency> parse(List<SourceFile> files, Scanner.Warnings warnings) {
        return parse(files, warnings, ScanDeadline.none());
    }

    /** As {@link #parse(List, Scanner.Warnings)}, stopping between files once {@code deadline} has passed. */
    public static List<Dependency> parse(List<SourceFile> files, Scanner.Warnings warnings, ScanDeadline deadline) {
        ManifestFiles archive = new ManifestFiles(files, warnings);
        List<Dependency> out = new ArrayList<>();
        for (SourceFile file : files) {
            if (deadline.passed()) {
                break;
            }
            Optional<ManifestParser> parser = parserFor(file.path(), file.name());
            if (parser.isEmpty() || !recognises(file.path()) || shadowed(file, archive)) {
                continue;
            }
            try {
                out.addAll(IdentifierCaps.within(parser.get().parse(file, archive), file, warnings));
                warnings.reads(file.path());
            } catch (IOException | RuntimeException | StackOverflowError e) {
                warnings.unreadable(ManifestFiles.UNPARSEABLE, file.path(), ParseError.at(e));
            }
        }
        return List.copyOf(out);
    }

    private static Optional<ManifestParser> parserFor(String path, String name) {
        ManifestParser exact = BY_NAME.get(name);
        if (exact != null) {
            return Optional.of(exact);
        }
        if (RequirementsParser.isRequirements(path, name)) {
            return Optional.of(REQUIREMENTS);
        }
        return Optional.empty();
    }

    /** npm reads npm-shrinkwrap.json instead of package-lock.json when both exist. */
    private static boolean shadowed(SourceFile file, ManifestFiles archive) {
        return file.name().equals("package-lock.json") && archive.sibling(file, "npm-shrinkwrap.json").isPresent();
    }
}
