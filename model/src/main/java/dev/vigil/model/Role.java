package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Roles in increasing order of power. */
public enum Role implements WireEnum {
    MEMBER("member"),
    ADMIN("admin"),
    OWNER("owner");

    private final String wire;

    Role(String wire) {
        this.wire = wire;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    public boolean atLeast(Role other) {
        return ordinal() >= other.ordinal();
    }

    @JsonCreator
    public static Role of(String text) {
        return WireEnum.of(Role.class, text);
    }
}
