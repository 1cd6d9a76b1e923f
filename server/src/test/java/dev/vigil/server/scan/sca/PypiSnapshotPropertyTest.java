package dev.vigil.server.scan.sca;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vigil.server.advisories.AdvisoryFixtures;
import dev.vigil.server.advisories.AdvisoryImporter;
import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.advisories.StoredAdvisories;
import dev.vigil.server.store.Database;
import dev.vigil.server.testing.TestData;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * For every PyPI advisory of the snapshot: each listed affected version is reported (under the record's id or
 * an alias of it), and no fixed version is reported by the record itself (another record sharing a GHSA alias
 * may still affect it).
 */
class PypiSnapshotPropertyTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void reportsEveryListedVersionAndNoFixedVersionOfEveryPypiAdvisory() throws IOException {
        Path file = TestData.advisory("pypi-pypa.jsonl.gz");
        List<String> failures = new ArrayList<>();
        int checked = 0;
        try (Database database = AdvisoryFixtures.memoryDatabase()) {
            AdvisoryRepository repository = new AdvisoryRepository();
            new AdvisoryImporter(database, repository, Clock.systemUTC()).importPaths(List.of(file));
            AdvisoryMatcher matcher = new AdvisoryMatcher(new StoredAdvisories(database, repository));
            for (String line : TestData.lines(file)) {
                JsonNode record = JSON.readTree(line);
                if (record.hasNonNull("withdrawn")) {
                    continue;
                }
                checked += check(record, matcher, failures);
            }
        }
        assertThat(checked).isGreaterThan(10_000);
        assertThat(failures).as("%d failures", failures.size()).isEmpty();
    }

    private static int check(JsonNode record, AdvisoryMatcher matcher, List<String> failures) {
        Set<String> ids = ids(record);
        int checked = 0;
        for (JsonNode affected : record.path("affected")) {
            String name = affected.path("package").path("name").asText();
            Set<String> listed = new HashSet<>();
            affected.path("versions").forEach(v -> listed.add(v.asText()));
            for (String version : listed) {
                checked++;
                if (!reported(matcher, name, version, ids)) {
                    failures.add(record.path("id").asText() + ": " + name + " " + version + " not reported");
                }
            }
            for (JsonNode range : affected.path("ranges")) {
                for (JsonNode event : range.path("events")) {
                    String fixed = event.path("fixed").asText("");
                    if (range.path("type").asText().equals("ECOSYSTEM") && !fixed.isEmpty() && !listed.contains(fixed)) {
                        checked++;
                        if (reported(matcher, name, fixed, Set.of(record.path("id").asText()))) {
                            failures.add(record.path("id").asText() + ": fixed " + name + " " + fixed + " reported");
                        }
                    }
                }
            }
        }
        return checked;
    }

    private static boolean reported(AdvisoryMatcher matcher, String name, String version, Set<String> ids) {
        return matcher.match(new Dependency(Ecosystem.PYPI, name, version, "requirements.txt", 1, true, false))
                .stream().anyMatch(m -> ids.contains(m.advisoryId()) || m.aliases().stream().anyMatch(ids::contains));
    }

    private static Set<String> ids(JsonNode record) {
        Set<String> ids = new HashSet<>();
        ids.add(record.path("id").asText());
        record.path("aliases").forEach(a -> ids.add(a.asText()));
        return ids;
    }
}
