package dev.vigil.model;

/**
 * Counts of a scan's findings by severity; for pull-request scans also how many are introduced, how many
 * are technical debt in the changed files, and how many block the merge (null otherwise).
 */
public record ScanSummary(int critical, int high, int medium, int low, int info,
                          Integer introduced, Integer debt, Integer blocking) {

    public int total() {
        return critical + high + medium + low + info;
    }
}
