package dev.vigil.model;

/**
 * Body of {@code PUT /v1/projects/:id/scm}. {@code token} is write-only; null keeps the token already set.
 * {@link #toString()} never shows it.
 */
public record ScmIntegrationUpdate(ScmProvider provider, String apiUrl, String repository, String token) {

    @Override
    public String toString() {
        return "ScmIntegrationUpdate[provider=" + provider + ", apiUrl=" + apiUrl + ", repository=" + repository
                + ", token=" + (token == null ? "unchanged" : "****") + "]";
    }
}
