package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.UUID;

/** Body of {@code POST /v1/repo-vulnerabilities/:id/assign}; a null user unassigns. */
public record Assignment(@JsonInclude(JsonInclude.Include.ALWAYS) UUID userId) {
}
