package dev.vigil.desktop.findings;

import dev.vigil.model.Finding;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The findings of one package line (SCA: the same manifest line of one project, every advisory on it) or of
 * one rule in one file (IaC and secrets) under one parent. Groups keep the order of their first finding,
 * so that grouping keeps the server's sort.
 */
final class FindingGroups {

    /** A parent: its key, what it says, and its findings in list order. */
    record Group(String key, String label, List<Finding> findings) {
        Group {
            findings = List.copyOf(findings);
        }

        /** The most severe of its findings. */
        Severity worst() {
            return findings.stream().map(Finding::severity).min(Comparator.naturalOrder()).orElseThrow();
        }
    }

    private FindingGroups() {
    }

    static List<Group> of(List<Finding> rows) {
        Map<String, List<Finding>> byKey = new LinkedHashMap<>();
        for (Finding finding : rows) {
            byKey.computeIfAbsent(key(finding), k -> new ArrayList<>()).add(finding);
        }
        List<Group> groups = new ArrayList<>();
        byKey.forEach((key, findings) -> groups.add(new Group(key, label(findings.getFirst()), findings)));
        return groups;
    }

    /** The project, then the package line (SCA) or the rule and the file. */
    static String key(Finding finding) {
        String where = finding.scanType() == ScanKind.SCA ? finding.location()
                : finding.ruleId() + "\u0000" + path(finding.location());
        return finding.projectId() + "\u0000" + finding.scanType().wire() + "\u0000" + where;
    }

    static String label(Finding finding) {
        return finding.scanType() == ScanKind.SCA ? "Package line " + finding.location()
                : finding.ruleId() + " in " + path(finding.location());
    }

    private static String path(String location) {
        int colon = location.lastIndexOf(':');
        return colon < 0 ? location : location.substring(0, colon);
    }
}
