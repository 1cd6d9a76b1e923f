package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/** The error body: a machine code, a human message and, for validation failures, what was wrong. */
public record ApiError(String error, String message, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<FieldProblem> details) {

    public ApiError {
        details = details == null ? List.of() : List.copyOf(details);
    }

    public ApiError(String error, String message) {
        this(error, message, List.of());
    }

    public record FieldProblem(String field, String problem) {
    }
}
