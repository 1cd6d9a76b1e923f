package dev.vigil.server.scan.sca.versions;

import dev.vigil.server.scan.sca.Ecosystem;

/**
 * The ordering of one ecosystem's version strings.
 *
 * <p>Contract: {@link #compare} is a total order over every string (an unparsable version still compares,
 * as its ecosystem's tools would order it, and never throws); {@link #isValid} tells whether the string is a
 * version that the ecosystem's own parser accepts. Implementations are stateless and thread-safe.
 */
public interface VersionScheme {

    /** Negative, zero or positive as {@code a} is older than, the same as, or newer than {@code b}. */
    int compare(String a, String b);

    boolean isValid(String version);

    /** A spelling shared by all versions that compare equal (for valid versions), for exact-version lookups. */
    default String canonical(String version) {
        return version.strip();
    }

    /** The major part of a version, used to tell a breaking upgrade; {@code 0.x} semver counts the minor. */
    default String breakingPart(String version) {
        return SemverScheme.leadingParts(version);
    }

    static VersionScheme of(Ecosystem ecosystem) {
        return switch (ecosystem) {
            case NPM, CRATES_IO, GO -> SemverScheme.SEMVER;
            case NUGET -> SemverScheme.NUGET;
            case PYPI -> new Pep440Scheme();
            case MAVEN -> new MavenScheme();
            case RUBYGEMS -> new RubyGemsScheme();
            case PACKAGIST -> new PackagistScheme();
        };
    }
}
