package dev.vigil.server.scan.sca;

import java.util.Arrays;
import java.util.Optional;

/** The package ecosystems Vigil matches, named as OSV names them, with their package-URL type. */
public enum Ecosystem {
    NPM("npm", "npm"),
    PYPI("PyPI", "pypi"),
    MAVEN("Maven", "maven"),
    GO("Go", "golang"),
    CRATES_IO("crates.io", "cargo"),
    RUBYGEMS("RubyGems", "gem"),
    PACKAGIST("Packagist", "composer"),
    NUGET("NuGet", "nuget");

    private final String osvName;
    private final String purlType;

    Ecosystem(String osvName, String purlType) {
        this.osvName = osvName;
        this.purlType = purlType;
    }

    public String osvName() {
        return osvName;
    }

    public String purlType() {
        return purlType;
    }

    /** The ecosystem of an OSV {@code affected[].package.ecosystem} value (a suffix like {@code :3.18} ignored). */
    public static Optional<Ecosystem> ofOsv(String name) {
        String base = name == null ? "" : name.split(":", 2)[0];
        return Arrays.stream(values()).filter(e -> e.osvName.equalsIgnoreCase(base)).findFirst();
    }
}
