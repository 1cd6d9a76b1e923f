package dev.vigil.server.scan;

import dev.vigil.model.ScanWarning;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** The warnings of one archive pass, at most {@link #MAX_PER_CODE} of a kind and then one line counting the rest. */
final class WarningLog {

    static final int MAX_PER_CODE = 100;

    private final List<ScanWarning> warnings = new ArrayList<>();
    private final Map<ArchiveWarningCode, Integer> counts = new EnumMap<>(ArchiveWarningCode.class);

    void add(ArchiveWarningCode code, String message, String path) {
        int count = counts.merge(code, 1, Integer::sum);
        if (count <= MAX_PER_CODE) {
            warnings.add(new ScanWarning(code.name(), message, path));
        }
    }

    List<ScanWarning> toList() {
        List<ScanWarning> all = new ArrayList<>(warnings);
        counts.forEach((code, count) -> {
            if (count > MAX_PER_CODE) {
                all.add(new ScanWarning(code.name(), (count - MAX_PER_CODE) + " more " + code.name()
                        + " warnings left out.", null));
            }
        });
        return all;
    }
}
