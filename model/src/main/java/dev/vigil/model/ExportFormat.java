package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

public enum ExportFormat implements WireEnum {
    CSV("csv", "text/csv; charset=utf-8"),
    JSON("json", "application/json");

    private final String wire;
    private final String contentType;

    ExportFormat(String wire, String contentType) {
        this.wire = wire;
        this.contentType = contentType;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    public String contentType() {
        return contentType;
    }

    @JsonCreator
    public static ExportFormat of(String text) {
        return WireEnum.of(ExportFormat.class, text);
    }
}
