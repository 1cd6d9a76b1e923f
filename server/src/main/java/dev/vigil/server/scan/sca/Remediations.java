package dev.vigil.server.scan.sca;

import java.util.Optional;

/**
 * The sentence that says how to fix a vulnerable dependency in the project's own tool, chosen by the manifest
 * it was found in. A direct dependency is upgraded; a transitive one is pinned at the fixed version with the
 * tool's override, since nothing Vigil holds says which version of the direct dependency stops bringing it
 * (docs/adr/0058-dependency-paths-and-remediation.md).
 */
final class Remediations {

    private Remediations() {
    }

    static String of(Match match) {
        Dependency d = match.dependency();
        String name = d.name();
        Tool tool = Tool.of(d);
        if (match.fixedVersion().isEmpty()) {
            return "No fixed version of " + name + " is known: " + (d.direct() ? "remove it or replace it"
                    : "remove or replace " + through(d).orElse("the dependency that brings it")) + ".";
        }
        String fixed = match.fixedVersion().get();
        if (d.direct()) {
            return "Upgrade " + name + " to " + fixed + " or later: " + tool.upgrade(name, fixed) + ".";
        }
        String origin = through(d).map(direct -> name + " " + d.version() + " comes in through " + direct)
                .orElse(name + " " + d.version() + " is a transitive dependency");
        String breaking = match.breaking() ? " " + fixed + " is a new major version: test "
                + through(d).orElse("what depends on it") + " with it." : "";
        return origin + "; " + tool.pin(name, fixed) + "." + breaking;
    }

    /** The direct dependency the package's chain goes through, when the manifest has a graph. */
    private static Optional<String> through(Dependency d) {
        String direct = d.path().direct();
        return direct.isEmpty() ? Optional.empty() : Optional.of(direct);
    }

    /** The tool that reads the dependency's manifest, and what it says to upgrade or pin a package. */
    private enum Tool {
        NPM, YARN, PNPM, PIP, PIPENV, POETRY, UV, MAVEN, GRADLE, GO, CARGO, BUNDLER, COMPOSER, NUGET;

        static Tool of(Dependency d) {
            String file = d.manifestPath().substring(d.manifestPath().lastIndexOf('/') + 1);
            return switch (d.ecosystem()) {
                case NPM -> file.equals("yarn.lock") ? YARN : file.equals("pnpm-lock.yaml") ? PNPM : NPM;
                case PYPI -> switch (file) {
                    case "poetry.lock" -> POETRY;
                    case "uv.lock" -> UV;
                    case "Pipfile.lock" -> PIPENV;
                    default -> PIP;
                };
                case MAVEN -> file.endsWith("gradle.lockfile") ? GRADLE : MAVEN;
                case GO -> GO;
                case CRATES_IO -> CARGO;
                case RUBYGEMS -> BUNDLER;
                case PACKAGIST -> COMPOSER;
                case NUGET -> NUGET;
            };
        }

        String upgrade(String name, String fixed) {
            return switch (this) {
                case YARN -> "yarn add " + name + "@" + fixed;
                case PNPM -> "pnpm add " + name + "@" + fixed;
                case PIPENV -> "pipenv install \"" + name + ">=" + fixed + "\"";
                case POETRY -> "poetry add \"" + name + ">=" + fixed + "\"";
                case UV -> "uv add \"" + name + ">=" + fixed + "\"";
                case MAVEN -> "set its <version> to " + fixed + " in pom.xml";
                case GRADLE -> "set its version to " + fixed + " in the build script, then run gradle dependencies"
                        + " --write-locks";
                case BUNDLER -> "set its requirement to \">= " + fixed + "\" in the Gemfile, then run bundle update "
                        + name + " --conservative";
                default -> FixCommands.of(ecosystem(), name, fixed);
            };
        }

        String pin(String name, String fixed) {
            return switch (this) {
                case NPM -> "pin it with npm's overrides in package.json, \"overrides\": {\"" + name + "\": \""
                        + fixed + "\"}, then run npm install (npm 8.3 or later)";
                case YARN -> "pin it with yarn's resolutions in package.json, \"resolutions\": {\"" + name + "\": \""
                        + fixed + "\"}, then run yarn install";
                case PNPM -> "pin it with pnpm's overrides in package.json, \"pnpm\": {\"overrides\": {\"" + name
                        + "\": \"" + fixed + "\"}}, then run pnpm install";
                case PIP -> "pin it with a pip constraint: add " + name + ">=" + fixed + " to constraints.txt and"
                        + " install with pip install -c constraints.txt";
                case PIPENV, POETRY -> "constrain it as a dependency of the project: " + upgrade(name, fixed);
                case UV -> "constrain it in pyproject.toml, [tool.uv] constraint-dependencies = [\"" + name + ">="
                        + fixed + "\"], then run uv lock";
                case MAVEN -> "pin it in the pom's <dependencyManagement>: " + mavenDependency(name, fixed);
                case GRADLE -> "pin it with a dependency constraint, dependencies { constraints { implementation(\""
                        + name + ":" + fixed + "\") } }, then run gradle dependencies --write-locks";
                case CARGO -> "move it with " + FixCommands.of(ecosystem(), name, fixed)
                        + " (a crate that requires an older range must be upgraded first)";
                case BUNDLER -> "pin it in the Gemfile, gem \"" + name + "\", \">= " + fixed + "\", then run bundle"
                        + " update " + name + " --conservative";
                case COMPOSER -> "require it at the fixed version in the root composer.json: "
                        + FixCommands.of(ecosystem(), name, fixed);
                case NUGET -> "reference it directly at the fixed version, which takes precedence over the"
                        + " transitive one: " + FixCommands.of(ecosystem(), name, fixed);
                case GO -> "raise it in the module graph: " + FixCommands.of(ecosystem(), name, fixed);
            };
        }

        private Ecosystem ecosystem() {
            return switch (this) {
                case NPM, YARN, PNPM -> Ecosystem.NPM;
                case PIP, PIPENV, POETRY, UV -> Ecosystem.PYPI;
                case MAVEN, GRADLE -> Ecosystem.MAVEN;
                case GO -> Ecosystem.GO;
                case CARGO -> Ecosystem.CRATES_IO;
                case BUNDLER -> Ecosystem.RUBYGEMS;
                case COMPOSER -> Ecosystem.PACKAGIST;
                case NUGET -> Ecosystem.NUGET;
            };
        }

        private static String mavenDependency(String name, String fixed) {
            int colon = name.indexOf(':');
            String group = colon < 0 ? name : name.substring(0, colon);
            String artifact = colon < 0 ? name : name.substring(colon + 1);
            return "<dependency><groupId>" + group + "</groupId><artifactId>" + artifact + "</artifactId><version>"
                    + fixed + "</version></dependency>";
        }
    }
}
