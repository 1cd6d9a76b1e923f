package dev.vigil.model;

import java.util.List;

/**
 * What the repository's policy ({@code .vigil.yml} and inline comments) did in a scan: how many findings it
 * decided, and the {@code .vigil.yml} entries that matched none (stale), by line and rule.
 */
public record ScanPolicy(int applied, List<Unmatched> unmatched) {

    public ScanPolicy {
        unmatched = unmatched == null ? List.of() : List.copyOf(unmatched);
    }

    /** A stale entry of the policy file. */
    public record Unmatched(int line, String rule) {
    }
}
