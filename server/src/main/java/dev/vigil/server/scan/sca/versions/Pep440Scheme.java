package dev.vigil.server.scan.sca.versions;

import java.util.Optional;

/**
 * PEP 440 ordering, as {@code packaging.version} implements it: epochs, release segments without trailing
 * zeros, pre-releases (a &lt; b &lt; rc), post- and dev-releases and local versions. A string that is not a
 * PEP 440 version is ordered as packaging's {@code LegacyVersion} did: before every valid version.
 */
final class Pep440Scheme implements VersionScheme {

    @Override
    public int compare(String a, String b) {
        Optional<Pep440Version> left = Pep440Version.parse(a);
        Optional<Pep440Version> right = Pep440Version.parse(b);
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
        return Pep440Version.parse(version).isPresent();
    }

    @Override
    public String breakingPart(String version) {
        return Pep440Version.parse(version)
                .map(v -> v.epoch() + "!" + (v.release().isEmpty() ? "0" : v.release().getFirst()))
                .orElse(version);
    }
}
