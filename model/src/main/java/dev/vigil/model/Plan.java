package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Subscription plans: free runs sca and secrets scans only, with no export and no PR comments. */
public enum Plan implements WireEnum {
    FREE("free"),
    TEAM("team"),
    ENTERPRISE("enterprise");

    private final String wire;

    Plan(String wire) {
        this.wire = wire;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    public boolean allows(ScanKind kind) {
        return this != FREE || kind != ScanKind.IAC;
    }

    public boolean allowsExport() {
        return this != FREE;
    }

    public boolean allowsPullRequestComments() {
        return this != FREE;
    }

    @JsonCreator
    public static Plan of(String text) {
        return WireEnum.of(Plan.class, text);
    }
}
