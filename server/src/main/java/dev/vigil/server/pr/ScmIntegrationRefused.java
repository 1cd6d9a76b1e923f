package dev.vigil.server.pr;

/** A change to a project's SCM integration that is refused; mapped to its status by {@code http.ErrorMapping}. */
public final class ScmIntegrationRefused extends RuntimeException {

    /** Why, named as the API's error code. */
    public enum Reason { NOT_FOUND, VALIDATION_FAILED }

    private final Reason reason;
    private final String subject;

    private ScmIntegrationRefused(Reason reason, String subject, String message) {
        super(message, null, false, false);
        this.reason = reason;
        this.subject = subject;
    }

    static ScmIntegrationRefused notFound(String what) {
        return new ScmIntegrationRefused(Reason.NOT_FOUND, what, what + " not found");
    }

    static ScmIntegrationRefused invalid(String field, String problem) {
        return new ScmIntegrationRefused(Reason.VALIDATION_FAILED, field, problem);
    }

    public Reason reason() {
        return reason;
    }

    /** What was not found, or the field at fault. */
    public String subject() {
        return subject;
    }
}
