package dev.vigil.model;

/**
 * Answer of {@code POST /v1/projects/:id/vex}, counting statements: applied (matched findings of the
 * project), unmatched (not_affected or fixed, but no finding matched) and ignored (other statuses).
 */
public record VexImportResult(int applied, int unmatched, int ignored) {
}
