package dev.vigil.server.pipeline;

import dev.vigil.model.ScanWarning;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ScanWarningsTest {

    @Test
    void listsAHundredWarningsOfACodeAndCountsTheRest() {
        ScanWarnings warnings = new ScanWarnings();
        for (int i = 0; i < 250; i++) {
            warnings.warn("IAC_PARSE_ERROR", "cannot parse", "f" + i + ".tf");
        }
        warnings.warn("NO_ADVISORY_DATA", "no npm advisories", "package-lock.json");

        var list = warnings.toList();

        assertThat(list).hasSize(102);
        assertThat(list).filteredOn(w -> w.code().equals("IAC_PARSE_ERROR")).hasSize(101);
        assertThat(list.getLast()).isEqualTo(new ScanWarning("IAC_PARSE_ERROR",
                "150 more IAC_PARSE_ERROR warnings not listed", null));
    }
}
