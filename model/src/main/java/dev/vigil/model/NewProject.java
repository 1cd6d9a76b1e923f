package dev.vigil.model;

/** Body of {@code POST /v1/projects}; without a default branch the first non-PR scan sets it. */
public record NewProject(String name, String defaultBranch) {
}
