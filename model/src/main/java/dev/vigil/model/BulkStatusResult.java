package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.UUID;

/** One result per requested id: the new status, or the error code that refused it. */
public record BulkStatusResult(List<Item> results) {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Item(UUID id, FindingStatus status, String error) {
    }
}
