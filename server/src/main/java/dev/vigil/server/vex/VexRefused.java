package dev.vigil.server.vex;

/** A VEX request or document the rules refuse; the HTTP edge ({@code http.ErrorMapping}) maps each reason once. */
public final class VexRefused extends RuntimeException {

    /** Why, named as the API's error code. */
    public enum Reason { NOT_FOUND, VALIDATION_FAILED }

    private final Reason reason;
    private final String subject;

    private VexRefused(Reason reason, String subject, String message) {
        super(message, null, false, false);
        this.reason = reason;
        this.subject = subject;
    }

    static VexRefused notFound(String what) {
        return new VexRefused(Reason.NOT_FOUND, what, what + " not found");
    }

    static VexRefused invalid(String field, String problem) {
        return new VexRefused(Reason.VALIDATION_FAILED, field, problem);
    }

    public Reason reason() {
        return reason;
    }

    /** What was not found, or the field at fault. */
    public String subject() {
        return subject;
    }
}
