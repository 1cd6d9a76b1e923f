package dev.vigil.desktop.connection;

import dev.vigil.client.VigilApiException;

import java.io.UncheckedIOException;
import java.net.ConnectException;

/** Turns a failure into the sentence a user reads: the server's own {@code message} when it sent one. */
public final class ServerErrors {

    private ServerErrors() {
    }

    public static String describe(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && !(cause instanceof VigilApiException)) {
            if (cause instanceof ConnectException) {
                break;
            }
            cause = cause.getCause();
        }
        return switch (cause) {
            case VigilApiException api -> api.error().message();
            case ConnectException refused -> "Cannot reach the server: " + orClass(refused);
            default -> failure instanceof UncheckedIOException io
                    ? "Cannot reach the server: " + orClass(io.getCause()) : orClass(cause);
        };
    }

    private static String orClass(Throwable failure) {
        String message = failure.getMessage();
        return message == null || message.isBlank() ? failure.getClass().getSimpleName() : message;
    }
}
