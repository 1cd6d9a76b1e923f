package dev.vigil.model;

/**
 * A project's SCM integration as {@code GET /v1/projects/:id/scm} shows it: never the token, only whether
 * one is set.
 */
public record ScmIntegration(ScmProvider provider, String apiUrl, String repository, boolean tokenSet) {
}
