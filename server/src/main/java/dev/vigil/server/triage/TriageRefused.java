package dev.vigil.server.triage;

/**
 * A triage request the rules refuse. The HTTP edge ({@code http.ErrorMapping}) maps each reason to its
 * status once; a bulk change reports the reason's name per finding.
 */
public final class TriageRefused extends RuntimeException {

    /** Why, named as the API's error code. */
    public enum Reason { NOT_FOUND, VALIDATION_FAILED, INSUFFICIENT_ROLE, INVALID_TRANSITION }

    private final Reason reason;
    private final String subject;

    private TriageRefused(Reason reason, String subject, String message) {
        super(message, null, false, false);
        this.reason = reason;
        this.subject = subject;
    }

    static TriageRefused notFound(String what) {
        return new TriageRefused(Reason.NOT_FOUND, what, what + " not found");
    }

    static TriageRefused invalid(String field, String problem) {
        return new TriageRefused(Reason.VALIDATION_FAILED, field, problem);
    }

    static TriageRefused insufficientRole(String message) {
        return new TriageRefused(Reason.INSUFFICIENT_ROLE, "", message);
    }

    static TriageRefused invalidTransition(String message) {
        return new TriageRefused(Reason.INVALID_TRANSITION, "", message);
    }

    public Reason reason() {
        return reason;
    }

    /** What was not found, or the field at fault; empty for the other reasons. */
    public String subject() {
        return subject;
    }
}
