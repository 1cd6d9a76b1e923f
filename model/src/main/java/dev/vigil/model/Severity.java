package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Finding severity, most severe first: the declaration order is the findings order. */
public enum Severity implements WireEnum {
    CRITICAL("critical", 9.5),
    HIGH("high", 8.0),
    MEDIUM("medium", 5.5),
    LOW("low", 3.0),
    INFO("info", 0.0);

    private final String wire;
    private final double securitySeverity;

    Severity(String wire, double securitySeverity) {
        this.wire = wire;
        this.securitySeverity = securitySeverity;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    /** The CVSS-like score GitHub code scanning reads from SARIF {@code security-severity}. */
    public double securitySeverity() {
        return securitySeverity;
    }

    /** 0 for critical up to 4 for info: the sort key of the findings list. */
    public int rank() {
        return ordinal();
    }

    public boolean atLeast(Severity other) {
        return rank() <= other.rank();
    }

    public static Severity ofRank(int rank) {
        return values()[rank];
    }

    /** The severity of a CVSS base score, as NVD rates it. */
    public static Severity ofScore(double score) {
        if (score >= 9.0) return CRITICAL;
        if (score >= 7.0) return HIGH;
        if (score >= 4.0) return MEDIUM;
        if (score > 0.0) return LOW;
        return INFO;
    }

    @JsonCreator
    public static Severity of(String text) {
        return WireEnum.of(Severity.class, text);
    }
}
