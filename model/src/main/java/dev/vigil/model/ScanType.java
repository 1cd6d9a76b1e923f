package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/** The seven spellings a scan submission accepts for {@code scan_type}, and the kinds each runs. */
public enum ScanType implements WireEnum {
    FULL("full", EnumSet.allOf(ScanKind.class)),
    SCA("sca", EnumSet.of(ScanKind.SCA)),
    IAC("iac", EnumSet.of(ScanKind.IAC)),
    SECRETS("secrets", EnumSet.of(ScanKind.SECRETS)),
    SCA_IAC("sca,iac", EnumSet.of(ScanKind.SCA, ScanKind.IAC)),
    SCA_SECRETS("sca,secrets", EnumSet.of(ScanKind.SCA, ScanKind.SECRETS)),
    IAC_SECRETS("iac,secrets", EnumSet.of(ScanKind.IAC, ScanKind.SECRETS));

    private final String wire;
    private final Set<ScanKind> kinds;

    ScanType(String wire, Set<ScanKind> kinds) {
        this.wire = wire;
        this.kinds = kinds;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    public Set<ScanKind> kinds() {
        return EnumSet.copyOf(kinds);
    }

    public boolean runs(ScanKind kind) {
        return kinds.contains(kind);
    }

    /** Exactly one of the seven spellings, case-sensitive as the specification lists them. */
    public static Optional<ScanType> parseExact(String text) {
        return Arrays.stream(values()).filter(t -> t.wire.equals(text)).findFirst();
    }

    @JsonCreator
    public static ScanType of(String text) {
        return parseExact(text).orElseThrow(() -> new IllegalArgumentException("unknown scan type: " + text));
    }
}
