package dev.vigil.server.notify;

/** A webhook request the rules refuse; the HTTP edge ({@code http.ErrorMapping}) maps each reason once. */
public final class WebhookRefused extends RuntimeException {

    /** Why, named as the API's error code. */
    public enum Reason { NOT_FOUND, VALIDATION_FAILED }

    private final Reason reason;
    private final String subject;

    private WebhookRefused(Reason reason, String subject, String message) {
        super(message, null, false, false);
        this.reason = reason;
        this.subject = subject;
    }

    static WebhookRefused notFound(String what) {
        return new WebhookRefused(Reason.NOT_FOUND, what, what + " not found");
    }

    static WebhookRefused invalid(String field, String problem) {
        return new WebhookRefused(Reason.VALIDATION_FAILED, field, problem);
    }

    public Reason reason() {
        return reason;
    }

    /** What was not found, or the field at fault. */
    public String subject() {
        return subject;
    }
}
