package dev.vigil.server.scan.iac;

import dev.vigil.server.scan.MalformedFileException;

/** A file that its parser cannot read: the scanner turns it into a scan warning and goes on. */
final class IacParseException extends MalformedFileException {

    IacParseException(String reason, int line) {
        super(reason, line);
    }

    IacParseException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
