package dev.vigil.server.scan.iac;

/** A file that its parser cannot read: the scanner turns it into a scan warning and goes on. */
final class IacParseException extends RuntimeException {

    IacParseException(String message, int line) {
        super(message + " at line " + line);
    }

    IacParseException(String message, Throwable cause) {
        super(message, cause);
    }
}
