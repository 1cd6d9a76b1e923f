package dev.vigil.model;

/**
 * A project's blocking policy ({@code /v1/projects/:id/policy}): an introduced finding at or above
 * {@code blockSeverity} blocks a pull request, and so does any introduced secret when
 * {@code blockOnNewSecrets}. Defaults: high, true.
 */
public record ProjectPolicy(Severity blockSeverity, boolean blockOnNewSecrets) {

    public static ProjectPolicy defaults() {
        return new ProjectPolicy(Severity.HIGH, true);
    }
}
