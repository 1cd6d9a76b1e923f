package dev.vigil.server.scan.sca;

import dev.vigil.model.Severity;
import dev.vigil.server.advisories.AdvisoryFixtures;
import dev.vigil.server.advisories.AdvisoryImporter;
import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.advisories.StoredAdvisories;
import dev.vigil.server.store.Database;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Clock;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The GHSA samples of the issue, matched against the whole snapshot. */
class AdvisoryMatcherTest {

    static Database database;
    static AdvisoryMatcher matcher;

    @BeforeAll
    static void importSnapshot() throws IOException {
        database = AdvisoryFixtures.memoryDatabase();
        AdvisoryRepository repository = new AdvisoryRepository();
        new AdvisoryImporter(database, repository, Clock.systemUTC()).importPaths(AdvisoryFixtures.snapshotFiles());
        matcher = new AdvisoryMatcher(new StoredAdvisories(database, repository));
    }

    @AfterAll
    static void close() {
        database.close();
    }

    @Test
    void reportsLog4ShellOnLog4j2141WithTheFixOfItsOwnBranch() {
        Match log4shell = advisory(match(Ecosystem.MAVEN, "org.apache.logging.log4j:log4j-core", "2.14.1"),
                "GHSA-jfh8-c2jp-5v3q");

        assertThat(log4shell.aliases()).contains("CVE-2021-44228");
        assertThat(log4shell.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(log4shell.fixedVersion()).contains("2.15.0");
        assertThat(log4shell.fixCommand()).contains("bump org.apache.logging.log4j:log4j-core to 2.15.0");
        assertThat(log4shell.breaking()).isFalse();
    }

    @Test
    void fixesLog4jOfTheTwelveBranchWithinThatBranch() {
        Match log4shell = advisory(match(Ecosystem.MAVEN, "org.apache.logging.log4j:log4j-core", "2.10.0"),
                "GHSA-jfh8-c2jp-5v3q");

        assertThat(log4shell.fixedVersion()).contains("2.12.2");
    }

    @Test
    void doesNotReportLog4ShellOnTheFixedVersion() {
        assertThat(match(Ecosystem.MAVEN, "org.apache.logging.log4j:log4j-core", "2.15.0"))
                .extracting(Match::advisoryId).doesNotContain("GHSA-jfh8-c2jp-5v3q");
    }

    @Test
    void reportsLodashPrototypePollutionWithAnNpmInstallCommand() {
        Match pollution = advisory(match(Ecosystem.NPM, "lodash", "4.17.11"), "GHSA-jf85-cpcp-j695");

        assertThat(pollution.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(pollution.fixCommand()).contains("npm install lodash@4.17.12");
        assertThat(pollution.breaking()).isFalse();
    }

    @Test
    void reportsTheJsonwebtokenBypassWithABreakingFix() {
        Match bypass = advisory(match(Ecosystem.NPM, "jsonwebtoken", "0.4.0"), "GHSA-c7hr-j4mj-j2w6");

        assertThat(bypass.fixedVersion()).contains("4.2.2");
        assertThat(bypass.fixCommand()).contains("npm install jsonwebtoken@4.2.2");
        assertThat(bypass.breaking()).isTrue();
        assertThat(bypass.severity()).isEqualTo(Severity.CRITICAL);
    }

    @Test
    void reportsCommonsCollectionsDeserialisationWithAMinorFix() {
        Match deserialisation = advisory(match(Ecosystem.MAVEN, "commons-collections:commons-collections", "3.2.1"),
                "GHSA-fjq5-5j5f-mvxh");

        assertThat(deserialisation.fixedVersion()).contains("3.2.2");
        assertThat(deserialisation.cwe()).startsWith("CWE-");
        assertThat(deserialisation.breaking()).isFalse();
    }

    @Test
    void suggestsAPipCommandForAVulnerableDjango() {
        List<Match> matches = match(Ecosystem.PYPI, "Django", "3.2.0");

        assertThat(matches).isNotEmpty();
        assertThat(matches).allSatisfy(m -> assertThat(m.fixCommand())
                .hasValueSatisfying(command -> assertThat(command).startsWith("pip install \"django>=")));
    }

    @Test
    void findsNothingForAPackageNoAdvisoryNames() {
        assertThat(match(Ecosystem.NPM, "vigil-no-such-package", "1.0.0")).isEmpty();
    }

    static List<Match> match(Ecosystem ecosystem, String name, String version) {
        return matcher.match(new Dependency(ecosystem, name, version, "manifest", 1, true, false));
    }

    private static Match advisory(List<Match> matches, String id) {
        return matches.stream().filter(m -> m.advisoryId().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError(id + " not among " + matches.stream().map(Match::advisoryId).toList()));
    }
}
