package dev.vigil.server.scan.sca.versions;

import org.apache.maven.artifact.versioning.ComparableVersion;

/** Maven's own ordering: {@link ComparableVersion} of maven-artifact 3.9. Every string is a valid version. */
final class MavenScheme implements VersionScheme {

    private static final ParseCache<ComparableVersion> CACHE = new ParseCache<>(v -> new ComparableVersion(v.strip()));

    @Override
    public int compare(String a, String b) {
        return CACHE.get(a).compareTo(CACHE.get(b));
    }

    @Override
    public boolean isValid(String version) {
        return !version.isBlank();
    }

    @Override
    public String canonical(String version) {
        return CACHE.get(version).getCanonical();
    }

    @Override
    public String breakingPart(String version) {
        String v = version.strip();
        String major = v.substring(0, VersionText.until(v, 0, ".-"));
        return major.isEmpty() ? version : major;
    }
}
