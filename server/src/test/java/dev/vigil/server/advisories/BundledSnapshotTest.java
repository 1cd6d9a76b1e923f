package dev.vigil.server.advisories;

import dev.vigil.server.scan.sca.Advisory;
import dev.vigil.server.store.Database;
import org.junit.jupiter.api.Test;

import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;

class BundledSnapshotTest {

    @Test
    void theBuildBundlesEverySnapshotFileOnTheClassPath() {
        var advisories = BundledSnapshot.read();

        assertThat(advisories).hasSizeGreaterThan(11_000);
        assertThat(advisories).extracting(Advisory::id).contains("GHSA-jfh8-c2jp-5v3q", "PYSEC-2021-335");
    }

    @Test
    void importsTheSnapshotOnlyIntoAnEmptyDatabase() {
        String configured = System.getProperty(BundledSnapshot.ENABLED_PROPERTY);
        System.setProperty(BundledSnapshot.ENABLED_PROPERTY, "true");
        try (Database database = AdvisoryFixtures.memoryDatabase()) {
            AdvisoryRepository repository = new AdvisoryRepository();
            AdvisoryImporter importer = new AdvisoryImporter(database, repository, Clock.systemUTC());

            var first = BundledSnapshot.importIfEmpty(database, importer, repository);
            var second = BundledSnapshot.importIfEmpty(database, importer, repository);

            assertThat(first).hasValueSatisfying(result -> assertThat(result.inserted()).isGreaterThan(11_000));
            assertThat(second).isEmpty();
            assertThat(database.inTransaction(repository::statuses))
                    .allSatisfy(status -> assertThat(status.source()).isEqualTo(BundledSnapshot.SOURCE));
        } finally {
            if (configured == null) {
                System.clearProperty(BundledSnapshot.ENABLED_PROPERTY);
            } else {
                System.setProperty(BundledSnapshot.ENABLED_PROPERTY, configured);
            }
        }
    }
}
