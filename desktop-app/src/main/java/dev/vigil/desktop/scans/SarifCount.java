package dev.vigil.desktop.scans;

import java.util.List;
import java.util.Objects;

/**
 * Why a scan's SARIF log lists more results than the scan has findings: SARIF keeps every detection, and the
 * merge folds the detections of one fingerprint (the same rule on the same secret, resource or package in
 * the same file, seen again at another line or version) into one finding.
 */
final class SarifCount {

    private SarifCount() {
    }

    /** The sentence under the results; empty when they match the findings one for one. */
    static String explain(List<SarifResult> results, int findings) {
        if (results.size() == findings) {
            return "";
        }
        long distinct = results.stream().map(SarifResult::fingerprint).filter(Objects::nonNull)
                .filter(f -> !f.isEmpty()).distinct().count();
        long repeats = results.size() - distinct;
        String head = results.size() + " results for " + findings + (findings == 1 ? " finding" : " findings");
        if (distinct != findings || repeats <= 0) {
            return head + ".";
        }
        return head + ": " + repeats + (repeats == 1 ? " result repeats" : " results repeat")
                + " the fingerprint of another (the same rule on the same secret, resource or package in the same "
                + "file, at another line or version), and a finding stands for each fingerprint once.";
    }
}
