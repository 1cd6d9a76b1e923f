package dev.vigil.server.advisories;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BundledSnapshotTest {

    @Test
    void theBuildBundlesEverySnapshotFileOnTheClassPath() {
        var advisories = BundledSnapshot.read();

        assertThat(advisories).hasSizeGreaterThan(11_000);
        assertThat(advisories).extracting(Advisory::id).contains("GHSA-jfh8-c2jp-5v3q", "PYSEC-2021-335");
    }
}
