package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** One of the three analyses; a finding's {@code scan_type}. */
public enum ScanKind implements WireEnum {
    SCA("sca"),
    IAC("iac"),
    SECRETS("secrets");

    private final String wire;

    ScanKind(String wire) {
        this.wire = wire;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    @JsonCreator
    public static ScanKind of(String text) {
        return WireEnum.of(ScanKind.class, text);
    }
}
