package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

public enum SubscriptionStatus implements WireEnum {
    ACTIVE("active"),
    CANCELED("canceled");

    private final String wire;

    SubscriptionStatus(String wire) {
        this.wire = wire;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    @JsonCreator
    public static SubscriptionStatus of(String text) {
        return WireEnum.of(SubscriptionStatus.class, text);
    }
}
