package dev.vigil.server.decisions;

/** A decision request the rules refuse; the HTTP edge ({@code http.ErrorMapping}) maps each reason once. */
public final class DecisionRefused extends RuntimeException {

    /** Why, named as the API's error code. */
    public enum Reason { NOT_FOUND, VALIDATION_FAILED }

    private final Reason reason;
    private final String subject;

    private DecisionRefused(Reason reason, String subject, String message) {
        super(message, null, false, false);
        this.reason = reason;
        this.subject = subject;
    }

    static DecisionRefused notFound(String what) {
        return new DecisionRefused(Reason.NOT_FOUND, what, what + " not found");
    }

    static DecisionRefused invalid(String field, String problem) {
        return new DecisionRefused(Reason.VALIDATION_FAILED, field, problem);
    }

    public Reason reason() {
        return reason;
    }

    /** What was not found, or the field at fault. */
    public String subject() {
        return subject;
    }
}
