package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Triage state of a finding. */
public enum FindingStatus implements WireEnum {
    OPEN("open"),
    IN_BACKLOG("in_backlog"),
    IN_PROGRESS("in_progress"),
    RESOLVED("resolved"),
    ACCEPTED("accepted"),
    FALSE_POSITIVE("false_positive");

    private final String wire;

    FindingStatus(String wire) {
        this.wire = wire;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    /** Open, in backlog or in progress: the states a scan may resolve and an SLA may breach. */
    public boolean isActive() {
        return this == OPEN || this == IN_BACKLOG || this == IN_PROGRESS;
    }

    @JsonCreator
    public static FindingStatus of(String text) {
        return WireEnum.of(FindingStatus.class, text);
    }
}
