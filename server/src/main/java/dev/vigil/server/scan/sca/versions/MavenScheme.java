package dev.vigil.server.scan.sca.versions;

import org.apache.maven.artifact.versioning.ComparableVersion;

/** Maven's own ordering: {@link ComparableVersion} of maven-artifact 3.9. Every string is a valid version. */
final class MavenScheme implements VersionScheme {

    @Override
    public int compare(String a, String b) {
        return new ComparableVersion(a.strip()).compareTo(new ComparableVersion(b.strip()));
    }

    @Override
    public boolean isValid(String version) {
        return !version.isBlank();
    }

    @Override
    public String breakingPart(String version) {
        String major = version.strip().split("[.\\-]", 2)[0];
        return major.isEmpty() ? version : major;
    }
}
