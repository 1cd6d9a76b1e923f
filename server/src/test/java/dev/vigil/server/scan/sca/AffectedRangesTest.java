package dev.vigil.server.scan.sca;

import dev.vigil.server.scan.sca.VersionRange.Event;
import dev.vigil.server.scan.sca.VersionRange.Kind;
import dev.vigil.server.scan.sca.versions.VersionScheme;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class AffectedRangesTest {

    @ParameterizedTest(name = "{0} on {1}: {2}")
    @CsvSource(delimiter = '|', value = {
            // events (kind:version, in record order)      | installed     | expected (- not affected, * no fix)
            "introduced:0 fixed:1.2.3                      | 1.2.2         | 1.2.3",
            "introduced:0 fixed:1.2.3                      | 1.2.3         | -",
            "introduced:1.0.0 fixed:1.2.3                  | 0.9.0         | -",
            "introduced:0 last_affected:1.2.3              | 1.2.3         | *",
            "introduced:0 last_affected:1.2.3              | 1.2.4         | -",
            "introduced:0 limit:2.0.0                      | 1.9.9         | *",
            "introduced:0 limit:2.0.0                      | 2.0.0         | -",
            "introduced:0 fixed:1.0.1 introduced:2.0.0 fixed:2.0.5 | 1.5.0  | -",
            "introduced:0 fixed:1.0.1 introduced:2.0.0 fixed:2.0.5 | 2.0.4  | 2.0.5",
            "introduced:2.0.0 fixed:2.0.5 introduced:0 fixed:1.0.1 | 0.9.0  | 1.0.1",
            "introduced:1.0.0-beta.1 fixed:1.0.0           | 1.0.0-beta.2  | 1.0.0",
            "introduced:0 fixed:1.0.0                      | 1.0.0-rc.1    | 1.0.0"})
    void appliesOsvRangeSemanticsWithTheEcosystemsOrdering(String events, String installed, String expected) {
        AffectedRanges ranges = new AffectedRanges(new AffectedPackage(Ecosystem.NPM, "p",
                List.of(new VersionRange("SEMVER", parse(events))), List.of()), VersionScheme.of(Ecosystem.NPM));

        Optional<String> result = ranges.evaluate(installed);

        switch (expected) {
            case "-" -> assertThat(result).isEmpty();
            case "*" -> assertThat(result).contains("");
            default -> assertThat(result).contains(expected);
        }
    }

    @ParameterizedTest(name = "{0} is listed")
    @CsvSource({"1.0, true", "1.0.0, true", "1.0.post1, false", "2.0rc1, true", "2.0.0rc1, true"})
    void matchesExplicitVersionsByEquality(String installed, boolean affected) {
        AffectedRanges ranges = new AffectedRanges(new AffectedPackage(Ecosystem.PYPI, "p", List.of(),
                List.of("1.0", "2.0rc1")), VersionScheme.of(Ecosystem.PYPI));

        assertThat(ranges.evaluate(installed).isPresent()).isEqualTo(affected);
    }

    private static List<Event> parse(String events) {
        List<Event> out = new ArrayList<>();
        for (String event : events.strip().split("\\s+")) {
            String[] parts = event.split(":", 2);
            out.add(new Event(Kind.ofOsv(parts[0]).orElseThrow(), parts[1]));
        }
        return out;
    }
}
