package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** The source-code hosts whose pull (merge) requests Vigil comments on. */
public enum ScmProvider implements WireEnum {
    GITHUB("github"),
    GITLAB("gitlab");

    private final String wire;

    ScmProvider(String wire) {
        this.wire = wire;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    @JsonCreator
    public static ScmProvider of(String text) {
        return WireEnum.of(ScmProvider.class, text);
    }
}
