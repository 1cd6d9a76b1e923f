package dev.vigil.server.scan.sca.parsers;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.Ecosystem;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * pip requirements files: only pinned lines ({@code name==1.2.3}, extras, markers and hashes allowed) are
 * reported, all as direct; {@code -r} includes are read from the archive, relative to the including file.
 * A file named for development or tests ({@code requirements-dev.txt}, {@code test-requirements.txt}) marks
 * its dependencies as dev.
 */
final class RequirementsParser implements ManifestParser {

    private static final int MAX_INCLUDE_DEPTH = 16;
    private static final Pattern PINNED = Pattern.compile(
            "^([A-Za-z0-9][A-Za-z0-9._-]*)\\s*(?:\\[[^\\]]*\\])?\\s*===?\\s*([A-Za-z0-9][A-Za-z0-9.+!_-]*)\\s*(?:;.*)?$");
    private static final Pattern INCLUDE = Pattern.compile("^(?:-r|--requirement)(?:\\s*=\\s*|\\s*)(\\S+)$");
    private static final Pattern DEV_FILE =
            Pattern.compile("(^|[-_.])(dev|develop|development|test|tests|testing|lint|docs)([-_.]|$)");
    private static final Pattern OPTION = Pattern.compile("\\s+--?[A-Za-z][A-Za-z-]*(?:[=\\s]\\S+)?");

    @Override
    public List<Dependency> parse(SourceFile file, ManifestFiles files) {
        List<Dependency> out = new ArrayList<>();
        if (files.claim(file.path())) {
            read(file, files, 0, out);
        }
        return out;
    }

    static boolean isRequirements(String path, String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith(".txt") && (lower.startsWith("requirements") || lower.endsWith("requirements.txt")
                || path.contains("requirements/"));
    }

    private static void read(SourceFile file, ManifestFiles files, int depth, List<Dependency> out) {
        boolean dev = isDevFile(file.name());
        List<String> lines = ManifestFiles.text(file).lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            int first = i;
            StringBuilder logical = new StringBuilder();
            String line = lines.get(i);
            while (line.endsWith("\\") && i + 1 < lines.size()) {
                logical.append(line, 0, line.length() - 1).append(' ');
                line = lines.get(++i);
            }
            logical.append(line);
            String requirement = withoutComment(logical.toString()).trim();
            Matcher include = INCLUDE.matcher(requirement);
            if (include.matches()) {
                include(file, first + 1, include.group(1), files, depth, out);
                continue;
            }
            pinned(requirement).ifPresent(p -> out.add(new Dependency(Ecosystem.PYPI, PythonNames.normalise(p[0]),
                    p[1], file.path(), first + 1, true, dev)));
        }
    }

    private static void include(SourceFile from, int line, String target, ManifestFiles files, int depth,
                                List<Dependency> out) {
        Optional<SourceFile> included = files.resolve(from, target);
        if (included.isEmpty()) {
            files.warn(ManifestFiles.INCLUDE_MISSING, "the requirements file included at line " + line
                    + " is not in the archive", from.path());
        } else if (depth < MAX_INCLUDE_DEPTH && files.claim(included.get().path())) {
            read(included.get(), files, depth + 1, out);
        }
    }

    /** Name and version of a pinned requirement, hashes and other per-line options removed. */
    private static Optional<String[]> pinned(String requirement) {
        if (requirement.startsWith("-")) {
            return Optional.empty();
        }
        Matcher matcher = PINNED.matcher(OPTION.matcher(requirement).replaceAll("").trim());
        if (!matcher.matches()) {
            return Optional.empty();
        }
        return Optional.of(new String[] {matcher.group(1), matcher.group(2)});
    }

    private static String withoutComment(String line) {
        int hash = line.indexOf('#');
        while (hash > 0 && !Character.isWhitespace(line.charAt(hash - 1))) {
            hash = line.indexOf('#', hash + 1);
        }
        return hash < 0 ? line : line.substring(0, hash);
    }

    private static boolean isDevFile(String name) {
        return DEV_FILE.matcher(name.toLowerCase(Locale.ROOT)).find();
    }
}
