package dev.vigil.server.scan.sca;

import dev.vigil.model.Severity;
import us.springett.cvss.Cvss;

import java.util.Locale;

/**
 * The severity of an advisory: computed from its CVSS v3 or v4 base score when it has a vector (9.0+ critical,
 * 7.0+ high, 4.0+ medium, above 0 low), else its own rating, else medium (unrated advisories are not ignored).
 */
final class Severities {

    private Severities() {
    }

    static Severity of(Advisory advisory) {
        if (!advisory.cvssVector().isBlank()) {
            try {
                Cvss cvss = Cvss.fromVector(advisory.cvssVector());
                if (cvss != null) {
                    return ofScore(cvss.calculateScore().getBaseScore());
                }
            } catch (RuntimeException malformed) {
                // fall back to the advisory's rating
            }
        }
        return switch (advisory.severity().toUpperCase(Locale.ROOT)) {
            case "CRITICAL" -> Severity.CRITICAL;
            case "HIGH" -> Severity.HIGH;
            case "LOW" -> Severity.LOW;
            default -> Severity.MEDIUM;
        };
    }

    static Severity ofScore(double score) {
        if (score >= 9.0) {
            return Severity.CRITICAL;
        }
        if (score >= 7.0) {
            return Severity.HIGH;
        }
        if (score >= 4.0) {
            return Severity.MEDIUM;
        }
        return score > 0 ? Severity.LOW : Severity.INFO;
    }
}
