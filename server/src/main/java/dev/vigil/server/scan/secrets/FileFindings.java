package dev.vigil.server.scan.secrets;

import dev.vigil.model.ScanKind;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.SecretDigest;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The findings of one file: one per (rule, secret, line), and none from a fallback rule (generic
 * assignments) where a specific rule reported the same secret on the same line.
 */
final class FileFindings {

    private final String path;
    private final SecretDigest digest;
    private final Map<String, Found> byKey = new LinkedHashMap<>();
    private final Set<String> specific = new HashSet<>();

    private record Found(SecretRule rule, int line, MaskedSecret secret) {
    }

    FileFindings(String path, SecretDigest digest) {
        this.path = path;
        this.digest = digest;
    }

    void add(SecretRule rule, int line, MaskedSecret secret) {
        String place = line + ":" + secret.sha256();
        byKey.putIfAbsent(rule.id() + ":" + place, new Found(rule, line, secret));
        if (!rule.fallback()) {
            specific.add(place);
        }
    }

    List<Detection> detections() {
        List<Detection> detections = new ArrayList<>();
        for (Found found : byKey.values()) {
            if (found.rule().fallback() && specific.contains(found.line() + ":" + found.secret().sha256())) {
                continue;
            }
            detections.add(detection(found));
        }
        detections.sort(Comparator.comparingInt(Detection::line).thenComparing(Detection::ruleId));
        return detections;
    }

    private Detection detection(Found found) {
        SecretRule rule = found.rule();
        return Detection.builder(ScanKind.SECRETS, rule.id(), rule.severity(), path, found.line(),
                        digest.secretIdentity(rule.id(), path, found.secret().sha256()))
                .title(rule.title())
                .cwe(rule.cwe())
                .description(rule.title() + " " + found.secret().masked())
                .fixAvailable(rule.help().fix())
                .aliases(rule.aliases())
                .help(rule.help())
                .build();
    }
}
