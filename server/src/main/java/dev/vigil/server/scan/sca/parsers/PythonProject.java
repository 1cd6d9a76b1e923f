package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.SourceFile;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The names a pyproject.toml or Pipfile declares, normalised: production and development. */
record PythonProject(Set<String> production, Set<String> development) {

    /** The pyproject.toml beside a lockfile, if any. */
    static Optional<PythonProject> pyproject(SourceFile lock, ManifestFiles files) {
        return files.sibling(lock, "pyproject.toml").map(f -> fromPyproject(TomlTables.read(ManifestFiles.text(f))));
    }

    /** The Pipfile beside a Pipfile.lock, if any. */
    static Optional<PythonProject> pipfile(SourceFile lock, ManifestFiles files) {
        return files.sibling(lock, "Pipfile").map(f -> fromPipfile(TomlTables.read(ManifestFiles.text(f))));
    }

    static PythonProject fromPipfile(List<TomlTables.Table> tables) {
        Set<String> production = new HashSet<>();
        Set<String> development = new HashSet<>();
        for (TomlTables.Table table : tables) {
            if (table.name().equals("packages")) {
                table.values().keySet().forEach(k -> production.add(PythonNames.normalise(k)));
            } else if (table.name().equals("dev-packages")) {
                table.values().keySet().forEach(k -> development.add(PythonNames.normalise(k)));
            }
        }
        return new PythonProject(production, development);
    }

    static PythonProject fromPyproject(List<TomlTables.Table> tables) {
        Set<String> production = new HashSet<>();
        Set<String> development = new HashSet<>();
        for (TomlTables.Table table : tables) {
            String name = table.name();
            Map<String, TomlTables.Value> values = table.values();
            if (name.equals("project") && values.containsKey("dependencies")) {
                requirements(values.get("dependencies"), production);
            } else if (name.equals("project.optional-dependencies")) {
                values.values().forEach(v -> requirements(v, production));
            } else if (name.equals("dependency-groups")) {
                values.values().forEach(v -> requirements(v, development));
            } else if (name.equals("tool.uv") && values.containsKey("dev-dependencies")) {
                requirements(values.get("dev-dependencies"), development);
            } else if (name.equals("tool.poetry.dependencies") || name.equals("tool.poetry.group.main.dependencies")) {
                keys(values, production);
            } else if (name.equals("tool.poetry.dev-dependencies")
                    || (name.startsWith("tool.poetry.group.") && name.endsWith(".dependencies"))) {
                keys(values, development);
            }
        }
        return new PythonProject(production, development);
    }

    private static void requirements(TomlTables.Value array, Set<String> into) {
        TomlTables.strings(array.raw()).forEach(r -> PythonNames.ofRequirement(r).ifPresent(into::add));
    }

    private static void keys(Map<String, TomlTables.Value> values, Set<String> into) {
        values.keySet().stream().filter(k -> !k.equals("python")).map(PythonNames::normalise).forEach(into::add);
    }

    /** The name and version of the project whose pyproject.toml sits beside {@code lock}; empty strings if none. */
    static String[] nameAndVersion(SourceFile lock, ManifestFiles files) {
        String[] found = {"", ""};
        files.sibling(lock, "pyproject.toml").ifPresent(pyproject -> {
            for (TomlTables.Table table : TomlTables.read(ManifestFiles.text(pyproject))) {
                if ((table.name().equals("project") || table.name().equals("tool.poetry")) && found[0].isEmpty()) {
                    found[0] = table.string("name").orElse("");
                    found[1] = table.string("version").orElse("");
                }
            }
        });
        return found;
    }

    boolean declares(String name) {
        return production.contains(name) || development.contains(name);
    }

    boolean devOnly(String name) {
        return development.contains(name) && !production.contains(name);
    }
}
