package dev.vigil.server.pipeline;

import dev.vigil.model.ScanWarning;
import dev.vigil.server.scan.Scanner;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The warnings of one scan, at most {@value #MAX_PER_CODE} of each code: a repository of thousands of
 * unparseable files gets a readable list and one line saying how many more there were.
 */
final class ScanWarnings implements Scanner.Warnings {

    static final int MAX_PER_CODE = 100;

    private final List<ScanWarning> listed = new ArrayList<>();
    private final Map<String, Integer> counts = new LinkedHashMap<>();

    @Override
    public synchronized void warn(String code, String message, String path) {
        int count = counts.merge(code, 1, Integer::sum);
        if (count <= MAX_PER_CODE) {
            listed.add(new ScanWarning(code, message, path));
        }
    }

    synchronized void addAll(Collection<ScanWarning> warnings) {
        warnings.forEach(w -> warn(w.code(), w.message(), w.path()));
    }

    /** The listed warnings, then one per code that had more than could be listed. */
    synchronized List<ScanWarning> toList() {
        List<ScanWarning> all = new ArrayList<>(listed);
        counts.forEach((code, count) -> {
            if (count > MAX_PER_CODE) {
                all.add(new ScanWarning(code, (count - MAX_PER_CODE) + " more " + code + " warnings not listed", null));
            }
        });
        return all;
    }
}
