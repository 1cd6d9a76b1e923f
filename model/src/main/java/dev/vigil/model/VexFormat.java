package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** The VEX documents Vigil writes and reads: CycloneDX 1.5 JSON and OpenVEX 0.2.0. */
public enum VexFormat implements WireEnum {
    CYCLONEDX("cyclonedx"),
    OPENVEX("openvex");

    private final String wire;

    VexFormat(String wire) {
        this.wire = wire;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    @JsonCreator
    public static VexFormat of(String text) {
        return WireEnum.of(VexFormat.class, text);
    }
}
