package dev.vigil.model;

/** Answer of {@code POST /v1/decisions?dry_run=true}: how many findings the decision would change now. */
public record DecisionPreview(int applied) {
}
