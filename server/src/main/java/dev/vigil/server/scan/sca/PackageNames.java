package dev.vigil.server.scan.sca;

import java.util.Locale;

/** The one spelling of a package name that advisories and dependencies are matched on. */
public final class PackageNames {

    private PackageNames() {
    }

    /** PyPI: PEP 503 (lower case, runs of {@code - _ .} as one {@code -}); NuGet, Packagist: lower case. */
    public static String normalise(Ecosystem ecosystem, String name) {
        String n = name.strip();
        return switch (ecosystem) {
            case PYPI -> n.toLowerCase(Locale.ROOT).replaceAll("[-_.]+", "-");
            case NUGET, PACKAGIST -> n.toLowerCase(Locale.ROOT);
            default -> n;
        };
    }
}
