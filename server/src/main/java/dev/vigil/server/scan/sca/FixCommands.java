package dev.vigil.server.scan.sca;

/** The command a developer runs to move a dependency to a fixed version, in its ecosystem's own tool. */
final class FixCommands {

    private FixCommands() {
    }

    static String of(Ecosystem ecosystem, String name, String version) {
        return switch (ecosystem) {
            case NPM -> "npm install " + name + "@" + version;
            case PYPI -> "pip install \"" + PackageNames.normalise(ecosystem, name) + ">=" + version + "\"";
            case MAVEN -> "bump " + name + " to " + version;
            case GO -> "go get " + name + "@" + (version.startsWith("v") ? version : "v" + version);
            case CRATES_IO -> "cargo update -p " + name + " --precise " + version;
            case RUBYGEMS -> "bundle update " + name + " (to " + version + " or later)";
            case PACKAGIST -> "composer require " + name + ":^" + version;
            case NUGET -> "dotnet add package " + name + " --version " + version;
        };
    }
}
