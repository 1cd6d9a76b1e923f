package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** pending → running → completed | failed; running → pending only when a worker's lease expires. */
public enum ScanStatus implements WireEnum {
    PENDING("pending"),
    RUNNING("running"),
    COMPLETED("completed"),
    FAILED("failed");

    private final String wire;

    ScanStatus(String wire) {
        this.wire = wire;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    public boolean isFinished() {
        return this == COMPLETED || this == FAILED;
    }

    @JsonCreator
    public static ScanStatus of(String text) {
        return WireEnum.of(ScanStatus.class, text);
    }
}
