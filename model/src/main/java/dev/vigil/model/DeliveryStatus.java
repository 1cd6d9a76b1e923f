package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Where a webhook delivery stands: queued or being retried, answered 2xx, or given up. */
public enum DeliveryStatus implements WireEnum {
    PENDING("pending"),
    DELIVERED("delivered"),
    FAILED("failed");

    private final String wire;

    DeliveryStatus(String wire) {
        this.wire = wire;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    @JsonCreator
    public static DeliveryStatus of(String text) {
        return WireEnum.of(DeliveryStatus.class, text);
    }
}
