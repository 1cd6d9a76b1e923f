package dev.vigil.server.scan.sca.versions;

import java.util.Optional;

/**
 * PEP 440 ordering, as {@code packaging.version} implements it: epochs, release segments without trailing
 * zeros, pre-releases (a &lt; b &lt; rc), post- and dev-releases and local versions. A string that is not a
 * PEP 440 version is ordered as packaging's {@code LegacyVersion} did: before every valid version.
 */
final class Pep440Scheme implements VersionScheme {

    private static final ParseCache<Optional<Pep440Version>> CACHE = new ParseCache<>(Pep440Version::parse);

    @Override
    public int compare(String a, String b) {
        Optional<Pep440Version> left = CACHE.get(a);
        Optional<Pep440Version> right = CACHE.get(b);
        if (left.isPresent() && right.isPresent()) {
            return left.get().compareTo(right.get());
        }
        if (left.isPresent() != right.isPresent()) {
            return left.isPresent() ? 1 : -1;
        }
        return LegacyVersion.compare(a, b);
    }

    @Override
    public boolean isValid(String version) {
        return CACHE.get(version).isPresent();
    }

    @Override
    public String canonical(String version) {
        return CACHE.get(version).map(Pep440Version::toString).orElse(version.strip());
    }

    @Override
    public String breakingPart(String version) {
        return CACHE.get(version)
                .map(v -> v.epoch() + "!" + (v.release().isEmpty() ? "0" : v.release().getFirst()))
                .orElse(version);
    }
}
